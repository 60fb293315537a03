#!/usr/bin/env python3
"""`make avx512-audit` (in make test): the branches and indexed memory
accesses of the AVX-512 machine code, each listed with why it is public.

valgrind cannot run AVX-512 code, so `make ct` does not check it; the timing
test (`make ct-timing`) measures it. This looks at it: in a release build
with line tables (profile ct) of a program that links mldsa with its default
features, it finds every function of the AVX-512 backend (a name under
`mldsa::backend::avx512` or `mldsa::backend::lanes::avx512`, or any function
that uses an AVX-512 encoding: zmm, ymm16-31 or xmm16-31, mask registers,
embedded broadcast), and lists in each:

- every conditional jump (`jcc`),
- every memory operand with an index register, and every gather or scatter
  (an address that could depend on data),

with the source line each comes from (the innermost inlined one), named by
its file and its text, so that lines moving in a file do not matter. The
list must equal scripts/avx512-audit.txt, where each entry says why the
condition or index is public (a loop counter over a fixed count, a length).
A new entry, or an entry gone, fails the check with the difference: a
kernel changed, and its new branch or index must be looked at and listed.

The other kernels of the AVX-512 backend are the AVX2 backend's, the same
machine code, which `make ct` runs under valgrind; the algorithms above the
kernels are compiled once for every backend (`backend::selected`).

usage: scripts/avx512-audit.py [--update | --planted]
  --update   rewrites the list, keeping the reasons given
  --planted  checks against the list with one entry left out, and fails
             unless that entry is reported (the check can fail)
"""

import collections
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIST = os.path.join(ROOT, "scripts", "avx512-audit.txt")
BIN = os.path.join(ROOT, "target", "ct", "examples", "profile_ops")

EVEX = re.compile(r"%zmm|%[xy]mm(1[6-9]|2\d|3[01])\b|\{%k[1-7]\}|\{1to\d+\}|%k[0-7]\b")
INDEXED = re.compile(r"\(%?\w*,%\w+")
LOCATION = re.compile(r"^(/\S+):(\d+)")
INSTRUCTION = re.compile(r"^\s+[0-9a-f]+:\s+(\S+)\s*(.*)$")


def source(path, line):
    """A source line by file and text: repository files by their path and the
    line's text, the toolchain's (the standard library, the intrinsics) by
    their path alone."""
    if path.startswith(ROOT + "/"):
        rel = path[len(ROOT) + 1 :]
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read().splitlines()[line - 1].strip()
        except (OSError, IndexError):
            text = f"line {line}"
        return f"{rel}: {text}"
    # /rustc/<hash>/library/core/src/... -> core/src/..., without the line
    # number, which changes with the toolchain.
    m = re.search(r"/library/(.*)$", path)
    return os.path.normpath(m.group(1)) if m else path


def short(function):
    """The function's path without generic arguments' noise."""
    return re.sub(r"\s+", " ", function)


def audit():
    dump = subprocess.run(
        ["objdump", "-d", "-l", "--no-show-raw-insn", "-C", BIN],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    functions = collections.defaultdict(list)
    function, where = None, None
    for line in dump.splitlines():
        if line.endswith(">:") and "<" in line:
            function, where = line.split("<", 1)[1][:-2], None
            continue
        m = LOCATION.match(line)
        if m:
            where = (m.group(1), int(m.group(2)))
            continue
        m = INSTRUCTION.match(line)
        if m and function is not None:
            functions[function].append((m.group(1), m.group(2), where))

    found, examined = collections.Counter(), set()
    for function, instructions in functions.items():
        named = re.search(r"mldsa::backend::(lanes::)?avx512::", function)
        evex = any(EVEX.search(f"{op} {args}") for op, args, _ in instructions)
        if not (named or evex) or "cpuid" in function:
            continue
        examined.add(short(function))
        for op, args, where in instructions:
            if op.startswith("j") and op != "jmp":
                kind = "branch"
            elif (INDEXED.search(args) and not op.startswith("nop")) or "gather" in op or "scatter" in op:
                kind = "indexed"
            else:
                continue
            at = source(*where) if where else "?"
            found[(short(function), kind, at)] += 1
    return found, examined


def read_list():
    listed = {}
    with open(LIST, encoding="utf-8") as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            function, kind, at, count, why = (x.strip() for x in line.rstrip("\n").split(" | ", 4))
            listed[(function, kind, at)] = (int(count), why)
    return listed


def main():
    if not os.path.exists(BIN):
        sys.exit(f"avx512-audit: {BIN} is missing (make avx512-audit builds it)")
    found, examined = audit()
    if not examined:
        sys.exit("avx512-audit: no AVX-512 function found in the binary: the check is blind")
    listed = read_list() if os.path.exists(LIST) else {}
    if "--planted" in sys.argv:
        # The check must be able to fail: with one listed entry left out, it
        # must report that entry.
        listed.pop(sorted(listed)[0])
    if "--update" in sys.argv:
        with open(LIST, "w", encoding="utf-8") as f:
            f.write(
                "# scripts/avx512-audit.py: the branches and indexed memory accesses of\n"
                "# the AVX-512 machine code, and why each is public.\n"
                "# function | kind | source line | count | why\n"
            )
            for key in sorted(found):
                why = listed.get(key, (0, "TODO: why is this public?"))[1]
                f.write(" | ".join([*key, str(found[key]), why]) + "\n")
        print(f"avx512-audit: {LIST} rewritten ({len(found)} entries)")
        return
    bad = False
    for key in sorted(set(found) | set(listed)):
        have, want = found.get(key, 0), listed.get(key, (0, ""))[0]
        if have != want:
            bad = True
            print(f"avx512-audit: {' | '.join(key)}: {have} in the binary, {want} listed")
    todo = [k for k, (_, why) in listed.items() if why.startswith("TODO")]
    for key in todo:
        bad = True
        print(f"avx512-audit: {' | '.join(key)}: no reason given")
    if bad and "--planted" in sys.argv:
        print("avx512-audit: the entry left out of the list is reported, as it must be")
        return
    if bad:
        sys.exit(
            "avx512-audit: FAILED: the AVX-512 code's branches or indexed accesses differ from "
            "scripts/avx512-audit.txt (look at each, then `scripts/avx512-audit.py --update` "
            "and give the reason)"
        )
    if "--planted" in sys.argv:
        sys.exit("avx512-audit: FAILED: an entry left out of the list was not reported")
    print(f"avx512-audit: the AVX-512 functions: {', '.join(sorted(examined))}")
    print(
        f"avx512-audit: {len(examined)} AVX-512 functions, "
        f"{sum(v for k, v in found.items() if k[1] == 'branch')} conditional jumps and "
        f"{sum(v for k, v in found.items() if k[1] == 'indexed')} indexed accesses, each listed as public"
    )


if __name__ == "__main__":
    main()
