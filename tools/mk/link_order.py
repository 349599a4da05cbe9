#!/usr/bin/env python3
"""The order of a firmware's code in flash, chosen so that more of its calls
and jumps are 2-byte rcall/rjmp.

The linker shortens a 4-byte call or jmp to a 2-byte rcall or rjmp (-mrelax)
only when its target lies within 4 KB of it, and it lays the functions out
in the order of its input. That order is an accident of link-time
optimisation: with it, the handheld kept 287 long calls and jumps (over
500 B), and a change to one function moved others out of each other's
reach (tens of bytes of noise per change). This tool reads a link's map
(each code section's place and size) and disassembly (every call and jump
from one section to another), searches for an order of the sections that
leaves fewer of them out of reach, and writes it: one section pattern a
line, which firmware/link/link_script.awk puts into the linker script ahead
of the rest of the code. (A branch written as rcall or rjmp by hand from
one section into another would fail the link when the order puts them
apart: the assembler says call or jmp, and the linker shortens it.)

  link_order.py order ELF MAP OUT.order [ITERATIONS]
      a better order, starting from the link's own (make link-order)
  link_order.py check MAP ORDER
      the code sections ORDER does not place, and the patterns in it that
      place nothing: one line each, exit 1 if any (tests/size.sh)

Patterns name sections, not addresses, with link-time optimisation's
numbers (.lto_priv.147, .constprop.40) as wildcards, so a build after a
small change links in nearly the same order. The search is a seeded local
search: the same link gives the same order.
"""
import bisect
import fnmatch
import random
import re
import subprocess
import sys

# rcall/rjmp reach: PC + 2 + 2k bytes, k in -2048..2047
REACH_BACK, REACH_FORWARD = -4096, 4094
MARGIN = 48  # bytes of slack: the sections shrink and grow as their calls relax


def fail(msg):
    print(f'link_order: {msg}', file=sys.stderr)
    sys.exit(2)


def read_map(map_path):
    """(name, address, size) of each code section (.text.*) after the
    start-up code, in link order."""
    try:
        lines = open(map_path).read().splitlines()
    except OSError as e:
        fail(f'{map_path}: {e.strerror}')
    try:
        i = lines.index(' *(.text)') + 1  # then this tool's order, then *(.text.*)
    except ValueError:
        fail(f'{map_path}: no *(.text) in the map: not an AVR firmware link map')
    out = []
    while i < len(lines) and not lines[i].startswith(' *(.fini'):
        m = re.match(r'^ (\.text\.\S+)\s*(0x[0-9a-f]+)?\s*(0x[0-9a-f]+)?', lines[i])
        if m:
            name, addr, size = m.groups()
            if addr is None or size is None:  # a long name: place and size on the next line
                i += 1
                m2 = re.match(r'^\s+(0x[0-9a-f]+)\s+(0x[0-9a-f]+)', lines[i] if i < len(lines) else '')
                if not m2:
                    fail(f'{map_path}: line {i + 1}: no address and size for section {name}')
                addr, size = m2.groups()
            if int(size, 16):
                out.append((name, int(addr, 16), int(size, 16)))
        i += 1
    if not out:
        fail(f'{map_path}: no code sections after *(.text)')
    return out


BRANCH = re.compile(r'^\s*([0-9a-f]+):\s+(?:[0-9a-f]{2} )+\s*\t(r?call|r?jmp)\t[^;]*;\s*0x([0-9a-f]+)')


def branches(elf):
    """(from, to) of every call, rcall, jmp and rjmp in the ELF."""
    try:
        dis = subprocess.run(['avr-objdump', '-d', elf], check=True, capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        fail(f'{elf}: avr-objdump cannot read it ({e})')
    for line in dis.splitlines():
        m = BRANCH.match(line)
        if m:
            yield int(m.group(1), 16), int(m.group(3), 16)


def pattern(name):
    """The linker-script pattern of a section: its name, LTO's numbers as wildcards."""
    return re.sub(r'\.(lto_priv|constprop|isra|part|cold)\.\d+', r'.\1.*', name)


def read_order(path):
    try:
        return [l.strip() for l in open(path) if l.strip() and not l.startswith('#')]
    except OSError as e:
        fail(f'{path}: {e.strerror}')


def order(elf, map_path, out_path, iterations):
    secs = read_map(map_path)
    units, index = [], {}  # one unit per pattern: what the linker script places
    for name, addr, size in secs:
        p = pattern(name)
        if p not in index:
            index[p] = len(units)
            units.append({'pattern': p, 'size': 0, 'parts': []})
        u = units[index[p]]
        u['parts'].append((addr, size, u['size']))  # a unit's sections stay in link order
        u['size'] += size
    spans = sorted((addr, addr + size, k, off) for k, u in enumerate(units) for addr, size, off in u['parts'])
    starts = [s[0] for s in spans]

    def locate(a):
        """(unit, offset in it), or (None, address) outside the ordered code."""
        k = bisect.bisect_right(starts, a) - 1
        if k >= 0 and spans[k][0] <= a < spans[k][1]:
            return spans[k][2], spans[k][3] + a - spans[k][0]
        return None, a

    edges = []
    for src, dst in branches(elf):
        su, so = locate(src)
        du, do = locate(dst)
        if su is None or su == du:
            continue  # from before the ordered code (the vectors, start-up, a table read as code) or within one section
        edges.append((su, so, du, do))
    n, first_addr = len(units), secs[0][1]
    sizes = [u['size'] for u in units]

    def far(order_):
        pos, at = [0] * n, first_addr
        for k in order_:
            pos[k] = at
            at += sizes[k]
        count = 0
        for su, so, du, do in edges:
            d = ((pos[du] + do) if du is not None else do) - (pos[su] + so) - 2
            if not REACH_BACK + MARGIN <= d <= REACH_FORWARD - MARGIN:
                count += 1
        return count

    best_order = list(range(n))
    best = before = far(best_order)
    rng = random.Random(328)
    for _ in range(iterations):
        i, j = rng.randrange(n), rng.randrange(n)
        if i == j:
            continue
        trial = best_order[:]
        if rng.random() < 0.5:
            trial.insert(j, trial.pop(i))  # one section moved
        else:
            trial[i], trial[j] = trial[j], trial[i]  # two swapped
        c = far(trial)
        if c <= best:
            best_order, best = trial, c
    with open(out_path, 'w') as f:
        f.write('# The order of the firmware\'s code sections in flash (tools/mk/link_order.py;\n'
                '# make link-order writes it anew). Sections it does not name come after them.\n')
        for k in best_order:
            f.write(units[k]['pattern'] + '\n')
    print(f'link_order: {out_path}: {len(edges)} calls and jumps between sections, '
          f'{before} out of reach in the link read, {best} in the order written', file=sys.stderr)


def check(map_path, order_path):
    secs = read_map(map_path)
    pats = read_order(order_path)
    said = [f'{order_path}: places no {name}' for name, _, _ in secs if not any(fnmatch.fnmatchcase(name, p) for p in pats)]
    said += [f'{order_path}: {p} places nothing' for p in pats if not any(fnmatch.fnmatchcase(name, p) for name, _, _ in secs)]
    try:
        print('\n'.join(said), end='\n' if said else '')
    except BrokenPipeError:
        pass  # (a reader that took the first lines)
    return 1 if said else 0


def main(argv):
    if len(argv) >= 5 and argv[1] == 'order':
        try:
            iterations = int(argv[5]) if len(argv) > 5 else 60000
        except ValueError:
            fail(f'iterations: not a number: {argv[5]}')
        order(argv[2], argv[3], argv[4], iterations)
        return 0
    if len(argv) == 4 and argv[1] == 'check':
        return check(argv[2], argv[3])
    fail('usage: link_order.py order ELF MAP OUT.order [ITERATIONS] | check MAP ORDER')


if __name__ == '__main__':
    sys.exit(main(sys.argv))
