#!/usr/bin/python3
"""Extract */results/** and */systems/** of a results mirror at HEAD into DEST, skipping
blobs absent from the mirror. Any results/<system>/<benchmark> folder with a missing file is
removed entirely (a partial folder would give a wrong olympic mean) and listed in DEST.missing.txt.

Usage: python3 tool/extract_round.py MIRROR DEST
  MIRROR: a git clone (or bare mirror) of github.com/mlcommons/training_results_vX.Y
  DEST:   e.g. $MLPSCALE_ROUNDS/training_results_vX.Y (the folder name tells the round)
This is how the official tables in tests/data/ were made (see tests/data/README.md)."""
import subprocess, sys, os, shutil
repo, dest = sys.argv[1], sys.argv[2]
ls = subprocess.run(['git', '-C', repo, 'ls-tree', '-r', '-z', 'HEAD'], capture_output=True, check=True).stdout
entries = []
for rec in ls.split(b'\0'):
    if not rec: continue
    meta, path = rec.split(b'\t', 1)
    mode, typ, sha = meta.split()
    path = path.decode('utf-8', 'surrogateescape')
    parts = path.split('/')
    if typ != b'blob' or len(parts) < 3 or parts[1] not in ('results', 'systems'): continue
    entries.append((mode, sha.decode(), path))
p = subprocess.Popen(['git', '-C', repo, 'cat-file', '--batch'], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
missing = []
for mode, sha, path in entries:
    p.stdin.write((sha + '\n').encode()); p.stdin.flush()
    header = p.stdout.readline().decode().split()
    if header[-1] == 'missing':
        missing.append(path); continue
    size = int(header[2]); data = p.stdout.read(size); p.stdout.read(1)
    out = os.path.join(dest, path)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    if mode == b'120000':
        # symlink: store as link
        try: os.symlink(data.decode(), out)
        except FileExistsError: pass
    else:
        with open(out, 'wb') as f: f.write(data)
p.stdin.close(); p.wait()
dropped = set()
for path in missing:
    parts = path.split('/')
    base = parts[-1]
    if parts[1] == 'results' and len(parts) >= 5 and (base.startswith('result_') or base == 'scaling.json'):
        dropped.add('/'.join(parts[:4]))
for d in sorted(dropped):
    shutil.rmtree(os.path.join(dest, d), ignore_errors=True)
with open(dest.rstrip('/') + '.missing.txt', 'w') as f:
    f.write('# blobs absent from mirror (%d files)\n' % len(missing))
    for m in missing: f.write('MISSING ' + m + '\n')
    for d in sorted(dropped): f.write('DROPPED_FOLDER ' + d + '\n')
print(len(entries), 'entries,', len(missing), 'missing,', len(dropped), 'folders dropped')
