// worker.js: the Web Worker that runs SQLite + mlpscale (WebAssembly) for
// web/page.html. The page builds this worker from a Blob holding the
// Emscripten glue (build/web/mlpscale.js, which defines createMlpscale and
// embeds the module), web/database.js (mlpOpen, mlpQuery: SQL on the
// module) and this file, so that it works from file://.
//
// Messages in (each with an id, answered by one message with the same id):
//   {op: 'open', id, image: ArrayBuffer|null}  a fresh database: the image
//        (a SQLite database file, sqlite3_deserialize) or empty
//   {op: 'query', id, sql}                     -> {id, result} or {id, error}
//   {op: 'write', id, path, data: Uint8Array}  a file into the worker's
//        file system (MEMFS), parent folders made as needed
//   {op: 'untar', id, root, data: Uint8Array}   a .tar or .tar.gz read into
//        the file system under root -> {id, result: {written, refused}}
//        (untar() below), or {id, error} when the whole archive is refused
//   {op: 'heap', id}                           -> {id, result: bytes of the
//        module's WebAssembly memory (it grows, never shrinks)}
// A query or an archive is read to its end: a busy worker reads no
// message, so the page stops one by terminating the worker (web/page.html,
// stop()).
'use strict';

let modulePromise = null;

// The module, instantiated once (messages that arrive meanwhile wait for
// the same promise, and run in the order they came).
function instance() {
  if (!modulePromise) modulePromise = createMlpscale({ print: () => {}, printErr: () => {} });
  return modulePromise;
}

// open and query: web/database.js (mlpOpen, mlpQuery).
const handlers = {
  async open(msg) {
    mlpOpen(await instance(), msg.image ? new Uint8Array(msg.image) : null);
    return true;
  },
  async query(msg) {
    return mlpQuery(await instance(), msg.sql);
  },
  async write(msg) {
    writeFile(await instance(), String(msg.path), msg.data);
    return true;
  },
  async untar(msg) {
    const m = await instance();
    let bytes = new Uint8Array(msg.data);
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
      try {
        const s = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
        bytes = new Uint8Array(await new Response(s).arrayBuffer());
      } catch (err) {
        throw new Error('tar: cannot decompress the gzip stream: ' + (err && err.message || err));
      }
    }
    const { members, refused } = untar(bytes);
    let written = 0;
    for (const [name, body] of members) {
      try {
        writeFile(m, msg.root + '/' + name, body);
        written++;
      } catch (err) {
        refused.push({ name, reason: 'cannot be written (errno ' + (err && err.errno) + ')' });
      }
    }
    return { written, refused };
  },
  async heap() {
    return (await instance()).HEAPU8.length;
  },
};

function writeFile(m, path, data) {
  const dir = path.replace(/\/[^/]*$/, '');
  if (dir && dir !== path) m.FS.mkdirTree(dir);
  m.FS.writeFile(path, data);
}

// ---- tar ----
// A ustar, GNU or pax archive: its regular files as [name, bytes] (views
// into b), and the members refused, {name, reason}. Paths: the prefix
// field, GNU long names ('L') and pax path records. A member whose path is
// absolute or holds '..' refuses the whole archive (an exception). Sizes
// are read strictly (size()); a size that cannot be read, a header whose
// checksum is wrong or a bad pax header stops the reading there (the next
// header's place is unknown), the members before it kept. Every step
// moves on by at least one 512-byte block, so it ends.
function untar(b) {
  const members = [], refused = [];
  const dec = new TextDecoder();
  const str = (o, n) => { const s = b.subarray(o, o + n); const z = s.indexOf(0); return dec.decode(z < 0 ? s : s.subarray(0, z)); };
  const AFTER = ', so the members after it cannot be found and were not read';
  let longName = null, paxSize = null;
  let o = 0;
  for (; o + 512 <= b.length; ) {
    if (b.subarray(o, o + 512).every((x) => x === 0)) return { members, refused };
    let name = str(o, 100);
    const prefix = str(o + 345, 155);
    if (str(o + 257, 5) === 'ustar' && prefix) name = prefix + '/' + name;
    const type = String.fromCharCode(b[o + 156] || 48);
    if (!checksumOk(b.subarray(o, o + 512))) {
      refused.push({ name: name || '(the header at byte ' + o + ')', reason: 'its header checksum is wrong (not a tar header)' + AFTER });
      return { members, refused };
    }
    let n;
    if (paxSize !== null && type !== 'x' && type !== 'g') {
      n = paxSize;                         // the pax record overrides the field
      paxSize = null;
    } else {
      const sz = size(b.subarray(o + 124, o + 136));
      if (sz.why) {
        refused.push({ name: longName || name, reason: sz.why + AFTER });
        return { members, refused };
      }
      n = sz.size;
    }
    if ('123456'.includes(type)) n = 0;    // links, devices, folders, FIFOs: no body
    if (n > b.length - o - 512) {
      refused.push({ name: longName || name,
                     reason: 'truncated: its header gives ' + n + ' bytes, the archive holds ' + (b.length - o - 512) + ' after it' });
      return { members, refused };
    }
    const body = b.subarray(o + 512, o + 512 + n);
    if (type === 'L') {
      longName = str(o + 512, n);
    } else if (type === 'x') {
      const pax = paxRecords(body, dec);
      if (pax === null) {
        refused.push({ name, reason: 'its pax header is malformed' + AFTER });
        return { members, refused };
      }
      if ('path' in pax) longName = pax.path;
      if ('size' in pax) {
        if (!/^[0-9]+$/.test(pax.size) || Number(pax.size) > Number.MAX_SAFE_INTEGER) {
          refused.push({ name: longName || name, reason: 'its pax size ' + JSON.stringify(pax.size) + ' is not a decimal number below 2^53' + AFTER });
          return { members, refused };
        }
        paxSize = Number(pax.size);
      }
    } else if (type !== 'g' && type !== 'K') {
      if (longName !== null) { name = longName; longName = null; }
      name = name.replace(/^(\.\/)+/, '');
      if (name.startsWith('/') || name.split('/').includes('..')) throw new Error('tar: refusing the path ' + JSON.stringify(name));
      if (type === '0' || type === '\0' || type === '7') {
        if (name === '' || name.endsWith('/')) refused.push({ name, reason: 'a file without a name' });
        else members.push([name, body]);
      } else if (type !== '5') {
        refused.push({ name, reason: "not a regular file (type '" + type + "')" });
      }
    }
    o += 512 + Math.ceil(n / 512) * 512;
  }
  if (o < b.length && !b.subarray(o).every((x) => x === 0)) {
    refused.push({ name: '(the header at byte ' + o + ')', reason: 'the archive ends inside it' });
  }
  return { members, refused };
}

// A header's size field: octal digits (after spaces, before NULs or
// spaces: nothing else), or GNU's base-256 (the first byte's top bit set,
// the next bit the sign) for members of 8 GiB and more, read when it is at
// most 2^53 - 1. {size} or {why}.
function size(field) {
  if (field[0] & 0x80) {
    if (field[0] & 0x40) return { why: 'its size (base-256) is negative' };
    let v = field[0] & 0x3f;
    for (let i = 1; i < field.length; i++) {
      v = v * 256 + field[i];
      if (v > Number.MAX_SAFE_INTEGER) return { why: 'its size (base-256) is 2^53 bytes or more' };
    }
    return { size: v };
  }
  const text = String.fromCharCode(...field);
  const m = /^ *([0-7]+)[ \0]*$/.exec(text);
  if (!m) return { why: 'its size field ' + JSON.stringify(text.replace(/\0+$/, '')) + ' is not an octal number' };
  return { size: parseInt(m[1], 8) };
}

// The checksum: the header's bytes summed with its own field as spaces,
// unsigned (POSIX) or signed (some old tars).
function checksumOk(h) {
  const m = /^ *([0-7]+)[ \0]*$/.exec(String.fromCharCode(...h.subarray(148, 156)));
  if (!m) return false;
  let u = 0, s = 0;
  for (let i = 0; i < 512; i++) {
    const x = i >= 148 && i < 156 ? 32 : h[i];
    u += x;
    s += x < 128 ? x : x - 256;
  }
  const want = parseInt(m[1], 8);
  return want === u || want === s;
}

// A pax header's records, "LENGTH key=value\n" each: {key: value}, or null
// when one is malformed.
function paxRecords(body, dec) {
  const out = {};
  for (let i = 0; i < body.length; ) {
    let j = i;
    while (j < body.length && body[j] >= 48 && body[j] <= 57) j++;
    const len = Number(dec.decode(body.subarray(i, j)));
    if (j === i || body[j] !== 32 || len <= j - i + 1 || i + len > body.length || body[i + len - 1] !== 10) return null;
    const rec = dec.decode(body.subarray(j + 1, i + len - 1));
    const eq = rec.indexOf('=');
    if (eq < 1) return null;
    out[rec.slice(0, eq)] = rec.slice(eq + 1);
    i += len;
  }
  return out;
}

self.onmessage = async (e) => {
  const msg = e.data;
  try {
    const result = await handlers[msg.op](msg);
    self.postMessage({ id: msg.id, result });
  } catch (err) {
    self.postMessage({ id: msg.id, error: String(err && err.message || err) });
  }
};
