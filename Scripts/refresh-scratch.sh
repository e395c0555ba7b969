#!/usr/bin/env bash
# Makes a scratch copy hold exactly the repository's files: copies the files (tracked, and untracked but not
# ignored) whose content differs, deletes the files and the emptied folders the repository does not have, and keeps
# the copy's own .build. Unchanged files keep their timestamps, so that build stays incremental.
#
# Usage: Scripts/refresh-scratch.sh SCRATCH        (the repository is the one this script is in)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scratch=${1:?usage: refresh-scratch.sh SCRATCH}
mkdir -p "$scratch"
git -C "$root" ls-files -z --cached --others --exclude-standard |
    timeout 300 python3 -c '
import filecmp, os, shutil, sys
root, scratch = sys.argv[1], sys.argv[2]
wanted = {name for name in sys.stdin.buffer.read().decode().split("\0") if name}
wanted = {name for name in wanted if os.path.isfile(os.path.join(root, name))}
if os.path.isfile(os.path.join(root, "Package.resolved")):
    wanted.add("Package.resolved")  # git-ignored, but it pins what the scratch copy resolves
copied = 0
for name in sorted(wanted):
    source, target = os.path.join(root, name), os.path.join(scratch, name)
    if not os.path.isfile(target) or not filecmp.cmp(source, target, shallow=False):
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy2(source, target)
        copied += 1
removed = 0
for folder, subfolders, names in os.walk(scratch, topdown=True):
    relative = os.path.relpath(folder, scratch)
    if relative == ".":
        subfolders[:] = [name for name in subfolders if name != ".build"]
    for name in names:
        path = os.path.normpath(os.path.join(relative, name))
        if path not in wanted:
            os.remove(os.path.join(scratch, path))
            removed += 1
for folder, subfolders, names in os.walk(scratch, topdown=False):
    relative = os.path.relpath(folder, scratch)
    if relative != "." and relative.split(os.sep)[0] != ".build" and not os.listdir(folder):
        os.rmdir(folder)
print(f"    {len(wanted)} files: {copied} copied, {removed} removed")
' "$root" "$scratch"
