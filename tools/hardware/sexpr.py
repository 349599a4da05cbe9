"""A small reader and writer for KiCad's S-expression files.

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


def quote(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def dump(node, indent=0):
    """KiCad's own layout: a node on one line when it holds only atoms."""
    if not isinstance(node, list):
        return quote(node) if isinstance(node, Quoted) else str(node)
    tab = "\t" * indent
    if all(not isinstance(x, list) for x in node):
        return tab + "(" + " ".join(dump(x) for x in node) + ")"
    head = [x for x in node if not isinstance(x, list)]
    out = tab + "(" + " ".join(dump(x) for x in head)
    for x in node[len(head):]:
        if isinstance(x, list):
            if x and x[0] == "xy":
                out += " " + dump(x)
            else:
                out += "\n" + dump(x, indent + 1)
        else:
            out += " " + dump(x)
    return out + "\n" + tab + ")"


def find(node, key):
    """The first child node with this keyword, or None."""
    for x in node:
        if isinstance(x, list) and x and x[0] == key:
            return x
    return None


def find_all(node, key):
    return [x for x in node if isinstance(x, list) and x and x[0] == key]


def grab_symbol(text, name):
    """The text of one top-level symbol of a .kicad_sym file."""
    key = '\t(symbol "%s"' % name
    i = text.find(key + "\n")
    if i < 0:
        i = text.find(key + " ")
    if i < 0:
        raise KeyError(name)
    depth, j = 1, i + 2
    while j < len(text):
        c = text[j]
        if c == '"':
            j += 1
            while text[j] != '"':
                j += 2 if text[j] == "\\" else 1
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return text[i + 1:j + 1]
        j += 1
    raise ValueError(name)
