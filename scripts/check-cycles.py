#!/usr/bin/env python3
"""Part of `make lint` (scripts/check-layers.sh): no import cycle between the
modules of impl/src. An edge A -> B is a path naming module B (or an item
in it) in A's source, `crate::b::...` or `super::...`, outside comments; a
module's `mod` declarations of its children are not edges. Fails, naming
the modules and their edges, on any strongly connected set of two or more.
"""
import collections
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "impl", "src")


def module_of(path):
    parts = os.path.relpath(path, ROOT)[:-3].split(os.sep)
    if parts[-1] in ("mod", "lib"):
        parts = parts[:-1]
    return "::".join(["crate"] + parts)


files = [os.path.join(d, f) for d, _, fs in os.walk(ROOT) for f in fs if f.endswith(".rs")]
modules = {module_of(f): f for f in files}
edges = collections.defaultdict(set)
for f in files:
    m = module_of(f)
    text = re.sub(r"//[^\n]*", "", open(f, encoding="utf-8").read())
    parent = m.split("::")[:-1]
    for match in re.finditer(r"\b(crate|super)((?:::\w+)+)", text):
        path = match.group(2).split("::")[1:]
        full = (["crate"] if match.group(1) == "crate" else parent) + path
        for k in range(len(full), 0, -1):
            target = "::".join(full[:k])
            if target in modules:
                if target != m and not m.startswith(target + "::"):
                    edges[m].add(target)
                break

index, low, stack, on_stack, cycles = {}, {}, [], set(), []


def connect(v):
    index[v] = low[v] = len(index)
    stack.append(v)
    on_stack.add(v)
    for w in edges[v]:
        if w not in index:
            connect(w)
            low[v] = min(low[v], low[w])
        elif w in on_stack:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        component = []
        while True:
            w = stack.pop()
            on_stack.discard(w)
            component.append(w)
            if w == v:
                break
        if len(component) > 1:
            cycles.append(sorted(component))


sys.setrecursionlimit(10000)
for v in sorted(modules):
    if v not in index:
        connect(v)
for component in cycles:
    print(f"check-cycles: an import cycle of {len(component)} modules:", file=sys.stderr)
    for m in component:
        print(f"  {m} -> {', '.join(sorted(w for w in edges[m] if w in component))}", file=sys.stderr)
sys.exit(1 if cycles else 0)
