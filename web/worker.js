// worker.js: the Web Worker that runs SQLite + mlpscale (WebAssembly) for
// web/page.html. The page builds this worker from a Blob holding the
// Emscripten glue (build/web/mlpscale.js, which defines createMlpscale and
// embeds the module) followed by this file, so that it works from file://.
//
// Messages in (each with an id, answered by one message with the same id):
//   {op: 'open', id, image: ArrayBuffer|null}  a fresh database: the image
//        (a SQLite database file, sqlite3_deserialize) or empty
//   {op: 'query', id, sql}                     -> {id, result} or {id, error}
//   {op: 'write', id, path, data: Uint8Array}  a file into the worker's
//        file system (MEMFS), parent folders made as needed
// A query runs to its end: a busy worker reads no message, so the page
// stops one by terminating the worker (web/page.html, stop()).
'use strict';

let modulePromise = null;

// The module, instantiated once (messages that arrive meanwhile wait for
// the same promise, and run in the order they came).
function module() {
  if (!modulePromise) modulePromise = createMlpscale({ print: () => {}, printErr: () => {} });
  return modulePromise;
}

// Bytes into the module's heap, allocated by sqlite3_malloc64 (webAlloc):
// the pointer, or 0 when the allocation failed.
function toHeap(m, bytes, nul) {
  const p = m._webAlloc(bytes.length + (nul ? 1 : 0));
  if (p) {
    m.HEAPU8.set(bytes, p);
    if (nul) m.HEAPU8[p + bytes.length] = 0;
  }
  return p;
}

const handlers = {
  async open(msg) {
    const m = await module();
    const image = msg.image ? new Uint8Array(msg.image) : null;
    let p = 0;
    if (image && image.length) {
      p = toHeap(m, image, false);
      if (!p) throw new Error('out of memory');
    }
    const rc = m._webOpen(p, image ? image.length : 0);
    if (rc !== 0) throw new Error('cannot open the database: SQLite error ' + rc);
    return true;
  },
  async query(msg) {
    const m = await module();
    const p = toHeap(m, new TextEncoder().encode(String(msg.sql)), true);
    if (!p) throw new Error('out of memory');
    let out;
    try {
      out = m._webQuery(p);
    } finally {
      m._webFree(p);
    }
    if (!out) throw new Error('out of memory');
    const text = m.UTF8ToString(out);
    m._webFree(out);
    const json = JSON.parse(text);
    if ('error' in json) throw new Error(json.error);
    return json.results;
  },
  async write(msg) {
    const m = await module();
    const path = String(msg.path);
    const dir = path.replace(/\/[^/]*$/, '');
    if (dir && dir !== path) m.FS.mkdirTree(dir);
    m.FS.writeFile(path, msg.data);
    return true;
  },
};

self.onmessage = async (e) => {
  const msg = e.data;
  try {
    const result = await handlers[msg.op](msg);
    self.postMessage({ id: msg.id, result });
  } catch (err) {
    self.postMessage({ id: msg.id, error: String(err && err.message || err) });
  }
};
