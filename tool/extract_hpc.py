#!/usr/bin/python3
"""Extract */results/** and */systems/** of an MLPerf HPC results mirror at HEAD into DEST,
as tool/extract_round.py does for Training, with HPC's folder depth: a result folder is
results/<system>/<benchmark> in v0.7 and results/<system>/{strong,weak}/<benchmark> from v1.0
(a weak folder's pruned_results/ belongs to it). Blobs absent from the mirror are skipped;
a result folder with a result file or scaling.json absent (or stored as a Git LFS pointer) is
removed entirely and listed in DEST.missing.txt, with every absent file.

Usage: /usr/bin/python3 tool/extract_hpc.py MIRROR DEST
  MIRROR: a git clone (or bare mirror) of github.com/mlcommons/hpc_results_vX.Y
  DEST:   e.g. /tmp/hpc_rounds/hpc_results_vX.Y (the folder name tells the round)
This is how the HPC tables in tests/data/ were made (see tests/data/README.md)."""
import subprocess, sys, os, shutil

LFS = b'version https://git-lfs.github.com/spec/'


def result_folder(parts):
    """The result folder (a path prefix) a results/ file belongs to, or None."""
    # parts: submitter, 'results', system, ...
    if len(parts) >= 5 and parts[3] in ('strong', 'weak'):
        return '/'.join(parts[:5]) if len(parts) >= 6 else None
    return '/'.join(parts[:4]) if len(parts) >= 5 else None


def main():
    repo, dest = sys.argv[1], sys.argv[2]
    ls = subprocess.run(['git', '-C', repo, 'ls-tree', '-r', '-z', 'HEAD'],
                        capture_output=True, check=True).stdout
    entries = []
    for rec in ls.split(b'\0'):
        if not rec:
            continue
        meta, path = rec.split(b'\t', 1)
        mode, typ, sha = meta.split()
        path = path.decode('utf-8', 'surrogateescape')
        parts = path.split('/')
        if typ != b'blob' or len(parts) < 3 or parts[1] not in ('results', 'systems'):
            continue
        entries.append((mode, sha.decode(), path))
    p = subprocess.Popen(['git', '-C', repo, 'cat-file', '--batch'],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    missing, lfs = [], []
    for mode, sha, path in entries:
        p.stdin.write((sha + '\n').encode())
        p.stdin.flush()
        header = p.stdout.readline().decode().split()
        if header[-1] == 'missing':
            missing.append(path)
            continue
        size = int(header[2])
        data = p.stdout.read(size)
        p.stdout.read(1)
        if data.startswith(LFS):
            lfs.append(path)
        out = os.path.join(dest, path)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        if mode == b'120000':
            try:
                os.symlink(data.decode(), out)
            except FileExistsError:
                pass
        else:
            with open(out, 'wb') as f:
                f.write(data)
    p.stdin.close()
    p.wait()
    dropped = set()
    for path in missing + lfs:
        parts = path.split('/')
        base = parts[-1]
        folder = result_folder(parts) if parts[1] == 'results' else None
        if folder and (base.startswith('result_') or base == 'scaling.json'):
            dropped.add(folder)
    for d in sorted(dropped):
        shutil.rmtree(os.path.join(dest, d), ignore_errors=True)
    with open(dest.rstrip('/') + '.missing.txt', 'w') as f:
        f.write('# blobs absent from mirror (%d files), Git LFS pointers (%d files)\n'
                % (len(missing), len(lfs)))
        for m in missing:
            f.write('MISSING ' + m + '\n')
        for m in lfs:
            f.write('LFS ' + m + '\n')
        for d in sorted(dropped):
            f.write('DROPPED_FOLDER ' + d + '\n')
    print(len(entries), 'entries,', len(missing), 'missing,', len(lfs), 'LFS,',
          len(dropped), 'folders dropped')


if __name__ == '__main__':
    main()
