"""A small reader for KiCad's S-expression files (kicad-cli's netlist).

A node is a Python list whose first item is its keyword (a str); atoms are
str (bare words and numbers, as written) or Quoted (a quoted string)."""


class Quoted(str):
    """A string that KiCad writes between double quotes."""


class SexprError(ValueError):
    """The text is not one whole S-expression (cut short, unbalanced)."""


def parse(text):
    """The one top-level node of `text`; SexprError when the text is cut
    short, has unbalanced parentheses, an unterminated string or anything
    outside its one node (what a full disk or an interrupted export leaves)."""
    stack, cur, i, n = [], None, 0, len(text)
    top = []
    while i < n:
        c = text[i]
        if c in " \t\r\n":
            i += 1
        elif c == "(":
            node = []
            (cur if cur is not None else top).append(node)
            stack.append(cur)
            cur = node
            i += 1
        elif c == ")":
            if cur is None:
                raise SexprError("a ')' with no '(' at character %d" % i)
            cur = stack.pop()
            i += 1
        elif cur is None:
            raise SexprError("text outside the S-expression at character %d" % i)
        elif c == '"':
            j, buf = i + 1, []
            while j < n and text[j] != '"':
                if text[j] == "\\":
                    j += 1
                    if j >= n:
                        break
                    buf.append({"n": "\n", "t": "\t"}.get(text[j], text[j]))
                else:
                    buf.append(text[j])
                j += 1
            if j >= n:
                raise SexprError("a string not closed, from character %d: the file is cut short" % i)
            cur.append(Quoted("".join(buf)))
            i = j + 1
        else:
            j = i
            while j < n and text[j] not in ' \t\r\n()"':
                j += 1
            cur.append(text[i:j])
            i = j
    if cur is not None:
        raise SexprError("%d parenthes%s not closed: the file is cut short" % (len(stack), "is" if len(stack) == 1 else "es"))
    if len(top) != 1:
        raise SexprError("%s top-level expressions, not one" % (len(top) or "no"))
    return top[0]


def find(node, key):
    """The first child node with this keyword, or None."""
    for x in node:
        if isinstance(x, list) and x and x[0] == key:
            return x
    return None


def find_all(node, key):
    return [x for x in node if isinstance(x, list) and x and x[0] == key]
