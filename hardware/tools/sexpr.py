"""A small reader for KiCad's S-expression files (kicad-cli's netlist).

A node is a Python list whose first item is its keyword (a str); atoms are
str (bare words and numbers, as written) or Quoted (a quoted string)."""


class Quoted(str):
    """A string that KiCad writes between double quotes."""


def parse(text):
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
            cur = stack.pop()
            i += 1
        elif c == '"':
            j, buf = i + 1, []
            while text[j] != '"':
                if text[j] == "\\":
                    j += 1
                    buf.append({"n": "\n", "t": "\t"}.get(text[j], text[j]))
                else:
                    buf.append(text[j])
                j += 1
            cur.append(Quoted("".join(buf)))
            i = j + 1
        else:
            j = i
            while j < n and text[j] not in ' \t\r\n()"':
                j += 1
            cur.append(text[i:j])
            i = j
    return top[0] if len(top) == 1 else top


def find(node, key):
    """The first child node with this keyword, or None."""
    for x in node:
        if isinstance(x, list) and x and x[0] == key:
            return x
    return None


def find_all(node, key):
    return [x for x in node if isinstance(x, list) and x and x[0] == key]
