#!/usr/bin/env python3
"""Usage: scripts/check-links.py [FILE.md ...]

Checks the relative links of the project's Markdown files (README.md and docs/*.md by
default): every linked file exists, and every #anchor names a heading of the file it points
into (GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens, -1, -2 on
repeats). Links to other sites are not followed: nothing leaves the machine. Prints each
broken link as FILE:LINE: LINK (why) and exits 1 when there is one.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
LINK = re.compile(r"(?<!\!)\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|\!\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^\s*(```|~~~)")


def anchors(path: pathlib.Path) -> set:
    """The heading anchors GitHub makes for a Markdown file."""
    seen, found, fenced = {}, set(), False
    for line in path.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        heading = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if fenced or not heading:
            continue
        text = re.sub(r"`([^`]*)`", r"\1", heading.group(1))
        text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
        slug = re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        found.add(slug if count == 0 else f"{slug}-{count}")
    return found


def check(path: pathlib.Path) -> list:
    broken, fenced = [], False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        for match in LINK.finditer(re.sub(r"`[^`]*`", "", line)):
            target = match.group(1) or match.group(2)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                continue  # another site, or mailto: never followed
            file_part, _, anchor = target.partition("#")
            linked = (path.parent / file_part).resolve() if file_part else path
            if ROOT not in linked.parents and linked != ROOT:
                # It would resolve here and break in a clone elsewhere.
                broken.append(f"{path.relative_to(ROOT)}:{number}: {target} (outside the repository)")
            elif not linked.exists():
                broken.append(f"{path.relative_to(ROOT)}:{number}: {target} (no such file)")
            elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
                broken.append(f"{path.relative_to(ROOT)}:{number}: {target} (no such heading)")
    return broken


def main() -> int:
    files = [pathlib.Path(a).resolve() for a in sys.argv[1:]] or [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    broken = [line for f in files for line in check(f)]
    for line in broken:
        print(line)
    print(f"{len(files)} files, {len(broken)} broken links")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
