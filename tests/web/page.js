// page.js: drives build/web/index.html in headless Chromium for
// tests/web.test and make bench, with nothing but Node's built-ins: Chromium
// speaks the DevTools protocol over --remote-debugging-pipe (commands in on
// fd 3, replies out on fd 4, each message JSON ended by a NUL byte).
//
//   node tests/web/page.js check PAGE PLAN.json NATIVE.jsonl
//        runs the plan's statements (tests/web/native.py describes the plan)
//        through window.mlpscale.query, each page of the plan on an empty
//        database (mlpscale.reset({empty: true})) with its files written into
//        the page's file system first, and prints one line per statement:
//        NAME, a tab, then "ok" when the page's rows are the native build's
//        (tests/web/native.py), or what each printed. Rows are printed as
//        the sqlite3 shell's list mode does: cells joined by '|', NULL as
//        nothing; a number as JavaScript prints it (both sides' numbers are
//        doubles read from JSON, but an integer outside +-(2^53-1), a BigInt
//        in the page, is its exact digits on both), blobs as hex; an error
//        as "error: MESSAGE".
//   node tests/web/page.js eval PAGE EXPRS.txt
//        once ready, evaluates each line of EXPRS.txt (a JavaScript
//        expression, awaited) in the page in turn, printing its value as
//        JSON on one line, or "error: MESSAGE"; a line "@pick SELECTOR FILE"
//        gives the file input SELECTOR the file FILE (DOM.setFileInputFiles)
//        and prints what the page then says under "Your files"; a line
//        "@pickstop SELECTOR FILE" does the same, then clicks Stop 50 ms
//        after the page enables it (while the page reads the file).
//        Lines for sharing (tests/web_share.test):
//          "@open FRAGMENT"  opens the page afresh with the address
//             PAGE#FRAGMENT (FRAGMENT "-" for none), waits for ready and,
//             when the page runs the query of its address, for its end
//             (the Run button enabled again, the console's output written);
//             prints "opened"
//          "@download FILE SELECTOR"  clicks the element SELECTOR and
//             waits for the download it starts (Chromium saves it into a
//             folder of its own, Browser.setDownloadBehavior), then moves
//             the file to FILE; prints {"name": the page's file name,
//             "bytes": its size}
//          "@requests"  prints every URL the page and its workers asked for
//             since Chromium started (CDP Network.requestWillBeSent) that
//             is neither the page's own file (its address without the
//             fragment) nor a blob: or data: URL the page made, as a JSON
//             array (every request, the page's own included, with "all"
//             after it: "@requests all")
//   node tests/web/page.js eval PAGE EXPRS.txt --serve
//        the same, with PAGE served over HTTP from 127.0.0.1 (a server of
//        page.js's own, on a port the system picks, answering PAGE at
//        /index.html and 404 otherwise) instead of opened from file://.
//   node tests/web/page.js eval PAGE EXPRS.txt [--serve] --spy
//        also a spy: a second server on 127.0.0.1 (its own port) that
//        notes the path of every request it gets and answers 200; "@SPY@"
//        in a line is its origin (http://127.0.0.1:PORT), "%40SPY%40" its
//        origin percent-encoded (in an "@open" address). Lines:
//          "@spied"  prints the paths it was asked for since the last
//             "@spied", as a JSON array
//          "@spycontrol"  asks it for /control from page.js itself (so
//             that "@spied" shows it can see a request)
//          "@blank"  navigates to a page without the page's
//             Content-Security-Policy, where the next lines run: the spy's
//             /blank (an empty HTML page it serves), about:blank without
//             --spy
//   node tests/web/page.js opening PAGE
//        what the page shows before its database is loaded (a headless
//        screenshot taken early sees it): a script of the test's, run
//        before the page's own, notes at DOMContentLoaded the status text
//        and the answers block's place (its top, in px, and the window's
//        height), then every text the status takes until mlpscale.ready;
//        prints them as one JSON object, with where the report's answers
//        block sits in the report (its top over the report's height).
//   node tests/web/page.js cycles PAGE N
//        N times: starts Chromium, opens the page, runs a query, closes
//        Chromium (launch's close: the browser and every process it
//        started ended, the profile removed, never an error); prints "N
//        cycles, K profiles left" (K: profile folders still there).
//   node tests/web/page.js bench PAGE N
//        loads the page N times: the median time from navigation to ready;
//        then the median of N runs of an E' query over one workload.
//   node tests/web/page.js screenshot PAGE OUT.png [TAB]
//        runs the console's own query (a table and a figure) and saves a
//        screenshot of the console; with TAB (report-tab, queries, files),
//        a screenshot of that tab instead.
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
// The flags every test gives headless Chromium (tests/chromium.args).
const CHROMIUM_ARGS = fs.readFileSync(path.join(__dirname, '..', 'chromium.args'), 'utf8')
  .split('\n').filter((a) => a !== '');

// The spy of --spy: {origin, seen (paths), close}.
function spyServer() {
  const http = require('http');
  const seen = [];
  const server = http.createServer((req, res) => {
    seen.push(req.url);
    if (req.url === '/blank') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end('<!DOCTYPE html><title>blank</title><body></body>');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/plain', 'Access-Control-Allow-Origin': '*' });
    res.end('seen');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    origin: 'http://127.0.0.1:' + server.address().port,
    seen,
    close: () => new Promise((r) => { server.closeAllConnections && server.closeAllConnections(); server.close(r); }),
  })));
}

// PAGE over HTTP on 127.0.0.1 (a port the system picks): {url, close}.
function serve(file) {
  const http = require('http');
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/index.html') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(fs.readFileSync(file));
    } else {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    url: 'http://127.0.0.1:' + server.address().port + '/index.html',
    close: () => new Promise((r) => server.close(r)),
  })));
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Removes a folder of ours (a profile, a download folder) and never throws:
// a process of Chromium's that outlived the browser (a renderer, the crash
// handler) may still write into it while it goes; the removal is tried
// again, each time after a pause, and left undone rather than failing a
// test that has passed.
async function removeDir(dir) {
  for (let i = 0; i < 20; i++) {
    try {
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3, retryDelay: 50 });
      return true;
    } catch (e) {
      await sleep(100 * (i + 1));
    }
  }
  return false;
}

// Whether a process of process group pgid is left.
function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

function launch() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'mlpscale-web-'));
  // detached: Chromium leads a process group of its own, which holds every
  // process it starts, so that close() can end them all by the group's id.
  const child = spawn(CHROMIUM, CHROMIUM_ARGS.concat(['--user-data-dir=' + profile,
    '--remote-debugging-pipe', 'about:blank']),
  { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'], detached: true });
  const out = child.stdio[3], inp = child.stdio[4];
  // Killing Chromium at the end can reset its pipes; that is no error of the
  // page's (unhandled, it would end node with status 1 after every result).
  out.on('error', () => {});
  inp.on('error', () => {});
  let nextId = 1, buf = Buffer.alloc(0);
  const waiting = new Map(), listeners = [];
  inp.on('data', (chunk) => {
    buf = Buffer.concat([buf, chunk]);
    let z;
    while ((z = buf.indexOf(0)) >= 0) {
      const msg = JSON.parse(buf.subarray(0, z).toString('utf8'));
      buf = buf.subarray(z + 1);
      if (msg.id && waiting.has(msg.id)) {
        const w = waiting.get(msg.id);
        waiting.delete(msg.id);
        if (msg.error) w.reject(new Error(msg.error.message)); else w.resolve(msg.result);
      } else if (msg.method) {
        for (const l of listeners.slice()) l(msg);
      }
    }
  });
  const send = (method, params, sessionId) => new Promise((resolve, reject) => {
    const id = nextId++;
    waiting.set(id, { resolve, reject });
    out.write(JSON.stringify({ id, method, params: params || {}, sessionId }) + '\0');
  });
  // Chromium writes its profile until it has exited, and so may the
  // processes it started until they have: close() asks the browser to end
  // (SIGTERM), waits for it (10 s at most, then SIGKILL), ends what is left
  // of its process group, waits for the group to be gone (5 s at most), and
  // only then removes the profile (removeDir: retried, never an error).
  let hasExited = false;
  const exited = new Promise((resolve) => child.on('exit', () => { hasExited = true; resolve(); }));
  const signalGroup = (sig) => {
    try { process.kill(-child.pid, sig); } catch (e) { /* gone already */ }
  };
  const close = async () => {
    if (!hasExited) {
      try { child.kill(); } catch (e) { /* gone already */ }
      await Promise.race([exited, sleep(10000)]);
      if (!hasExited) {
        signalGroup('SIGKILL');
        await Promise.race([exited, sleep(5000)]);
      }
    }
    if (groupAlive(child.pid)) signalGroup('SIGKILL');
    for (let i = 0; i < 50 && groupAlive(child.pid); i++) await sleep(100);
    await removeDir(profile);
  };
  return { send, listeners, close, child, profile };
}

async function openPage(b, url, width, height) {
  const { targetId } = await b.send('Target.createTarget', { url: 'about:blank' });
  const { sessionId } = await b.send('Target.attachToTarget', { targetId, flatten: true });
  const s = (m, p) => b.send(m, p, sessionId);
  await s('Page.enable');
  await s('Emulation.setDeviceMetricsOverride',
    { width: width || 1280, height: height || 900, deviceScaleFactor: 1, mobile: false });
  const page = { s, targetId, requests: [] };
  // Every request of the page and of the workers it starts (attached as
  // they start, each with its own Network domain).
  const watch = (sid) => {
    b.listeners.push((msg) => {
      if (msg.method === 'Network.requestWillBeSent' && msg.sessionId === sid) {
        page.requests.push(msg.params.request.url);
      }
    });
  };
  watch(sessionId);
  b.listeners.push((msg) => {
    if (msg.method === 'Target.attachedToTarget' && msg.sessionId === sessionId) {
      const sid = msg.params.sessionId;
      watch(sid);
      b.send('Network.enable', {}, sid)
        .then(() => b.send('Runtime.runIfWaitingForDebugger', {}, sid)).catch(() => {});
    }
  });
  await s('Network.enable');
  await s('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true });
  page.load = async (to) => {
    const loaded = new Promise((resolve) => {
      const l = (msg) => {
        if (msg.method === 'Page.loadEventFired' && msg.sessionId === sessionId) {
          b.listeners.splice(b.listeners.indexOf(l), 1);
          resolve();
        }
      };
      b.listeners.push(l);
    });
    await s('Page.navigate', { url: to || url });
    await loaded;
  };
  // The value of an expression (awaited), or an Error with the page's message.
  page.eval = async (expr) => {
    const r = await s('Runtime.evaluate', { expression: expr, awaitPromise: true, returnByValue: true });
    if (r.exceptionDetails) {
      const e = r.exceptionDetails;
      throw new Error((e.exception && e.exception.description) || e.text);
    }
    return r.result.value;
  };
  return page;
}

const READY = 'window.mlpscale.ready.then(() => window.mlpscale.readyMs)';

// Rows of every result set, as the sqlite3 shell's list mode prints them.
function render(r) {
  if ('error' in r) return 'error: ' + r.error;
  const lines = [];
  for (const set of r.results) {
    for (const row of set.rows) {
      lines.push(row.map((v) => (v === null ? '' : String(v))).join('|'));
    }
  }
  return lines.join('\n');
}

async function check(url, planFile, nativeFile) {
  const plan = JSON.parse(fs.readFileSync(planFile, 'utf8'));
  const native = new Map();
  for (const line of fs.readFileSync(nativeFile, 'utf8').split('\n')) {
    if (line) { const r = JSON.parse(line); native.set(r.name, r); }
  }
  const b = launch();
  try {
    const page = await openPage(b, url);
    await page.load();
    await page.eval(READY);
    for (const p of plan) {
      await page.eval('window.mlpscale.reset({empty: true})');
      for (const f of p.files || []) {
        const b64 = fs.readFileSync(f).toString('base64');
        await page.eval(`window.mlpscale.writeFile(${JSON.stringify(f)},
          Uint8Array.from(atob(${JSON.stringify(b64)}), (c) => c.charCodeAt(0)))`);
      }
      for (const st of p.stmts) {
        const got = JSON.parse(await page.eval(`window.mlpscale.query(${JSON.stringify(st.sql)})
          .then((r) => JSON.stringify({results: r.results}, (k, v) => (typeof v === 'bigint' ? String(v) : v)),
                (e) => JSON.stringify({error: e.message}))`));
        const want = native.get(st.name);
        const a = render(got), w = want ? render(want) : '(no native result)';
        console.log(st.name + '\t' + (a === w ? 'ok' : JSON.stringify({ native: w, page: a })));
      }
    }
  } finally {
    await b.close();
  }
}

// Gives the file input SELECTOR the file PATH, as a reader picking it
// would; the text the page then shows under "Your files".
async function pickFile(page, selector, file, stop) {
  const n = await page.eval("document.querySelectorAll('#picked > *').length");
  const { root } = await page.s('DOM.getDocument', {});
  const { nodeId } = await page.s('DOM.querySelector', { nodeId: root.nodeId, selector });
  await page.s('DOM.setFileInputFiles', { nodeId, files: [file] });
  if (stop) {
    await page.eval(`(async () => {
      const b = document.getElementById('stop');
      while (b.disabled) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, 50));
      b.click();
    })()`);
  }
  return page.eval(`(async () => {
    while (document.querySelectorAll('#picked > *').length === ${n}) await new Promise((r) => setTimeout(r, 50));
    return document.querySelector('#picked').lastElementChild.textContent;
  })()`);
}

// Opens the page afresh at url#fragment; once ready, waits for the query
// of its address to end (the page runs it as it loads).
async function openAt(page, url, fragment) {
  // A navigation that changes only the fragment would not load the page again.
  await page.load('about:blank');
  await page.load(fragment === '-' ? url : url + '#' + fragment);
  await page.eval(READY);
  await page.eval(`(async () => {
    if (location.hash === '') return;
    const run = document.getElementById('run'), out = document.getElementById('out');
    while (run.disabled || out.children.length === 0) await new Promise((r) => setTimeout(r, 50));
  })()`);
  return 'opened';
}

// Downloads into a folder of Chromium's own (every file named by its guid);
// download(page, selector, file) clicks and moves the file it saves to file.
function downloads(b) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mlpscale-dl-'));
  const names = new Map(), done = new Map();
  b.listeners.push((msg) => {
    if (msg.method === 'Browser.downloadWillBegin') names.set(msg.params.guid, msg.params.suggestedFilename);
    if (msg.method === 'Browser.downloadProgress' && msg.params.state !== 'inProgress') {
      const w = done.get(msg.params.guid);
      if (w) w(msg.params.state);
      else done.set(msg.params.guid, msg.params.state);
    }
  });
  const ready = b.send('Browser.setDownloadBehavior', { behavior: 'allowAndName', downloadPath: dir, eventsEnabled: true });
  return {
    dir,
    async download(page, selector, file) {
      await ready;
      const before = new Set(names.keys());
      await page.eval(`document.querySelector(${JSON.stringify(selector)}).click()`);
      let guid;
      for (let i = 0; i < 200 && !guid; i++) {
        guid = Array.from(names.keys()).find((g) => !before.has(g));
        if (!guid) await new Promise((r) => setTimeout(r, 50));
      }
      if (!guid) throw new Error('no download began after clicking ' + selector);
      const state = done.has(guid) ? done.get(guid)
        : await new Promise((resolve) => done.set(guid, resolve));
      if (state !== 'completed') throw new Error('the download of ' + names.get(guid) + ' ended ' + state);
      fs.renameSync(path.join(dir, guid), file);
      return { name: names.get(guid), bytes: fs.statSync(file).size };
    },
  };
}

async function evalLines(url, file, spy) {
  const b = launch();
  const dl = downloads(b);
  try {
    const page = await openPage(b, url);
    await page.load();
    await page.eval(READY);
    for (let line of fs.readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      if (spy) {
        line = line.split('@SPY@').join(spy.origin)
          .split('%40SPY%40').join(encodeURIComponent(spy.origin));
        if (line === '@spied') {
          console.log(JSON.stringify(spy.seen.splice(0)));
          continue;
        }
        if (line === '@spycontrol') {
          await new Promise((resolve) => require('http').get(spy.origin + '/control', (res) => {
            res.resume();
            res.on('end', resolve);
          }).on('error', resolve));
          console.log('"asked"');
          continue;
        }
      }
      if (line === '@blank') {
        await page.load(spy ? spy.origin + '/blank' : 'about:blank');
        console.log('"blank"');
        continue;
      }
      const pick = /^@pick(stop)? (\S+) (.+)$/.exec(line);
      if (pick) {
        console.log(JSON.stringify(await pickFile(page, pick[2], path.resolve(pick[3]), !!pick[1])));
        continue;
      }
      const open = /^@open (\S+)$/.exec(line);
      const down = /^@download (\S+) (.+)$/.exec(line);   // FILE SELECTOR
      const reqs = /^@requests( all)?$/.exec(line);
      if (open || down || reqs) {
        try {
          if (open) console.log(JSON.stringify(await openAt(page, url, open[1])));
          if (down) console.log(JSON.stringify(await dl.download(page, down[2], path.resolve(down[1]))));
          if (reqs) {
            const own = url.replace(/#.*$/, '');
            console.log(JSON.stringify(page.requests.filter((u) => reqs[1] ||
              !(u.replace(/#.*$/, '') === own || /^(blob|data):/.test(u)))));
          }
        } catch (e) {
          console.log('error: ' + e.message.split('\n')[0]);
        }
        continue;
      }
      try {
        console.log(JSON.stringify(await page.eval(line)));
      } catch (e) {
        console.log('error: ' + e.message.split('\n')[0]);
      }
    }
  } finally {
    await b.close();
    await removeDir(dl.dir);
  }
}

const median = (xs) => { const s = xs.slice().sort((a, b) => a - b); const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2; };

// E' of every BERT result of v4.1 against the smallest system.
const E_PRIME_SQL = `SELECT r.system, r.accelerators,
       e_prime(ref.minutes, r.minutes, ref.accelerators, r.accelerators)
  FROM results r JOIN results ref USING (round, benchmark)
 WHERE round = 'v4.1' AND benchmark = 'bert' AND ref.system = '7920T_2xA5000_hdd'
   AND r.minutes IS NOT NULL`;

async function bench(url, n) {
  const b = launch();
  try {
    const page = await openPage(b, url);
    const ready = [];
    for (let i = 0; i < n; i++) {
      await page.load();
      ready.push(await page.eval(READY));
    }
    const q = JSON.stringify(E_PRIME_SQL);
    const times = JSON.parse(await page.eval(`(async () => {
      const t = [];
      await window.mlpscale.query(${q});
      for (let i = 0; i < ${n}; i++) {
        const t0 = performance.now();
        await window.mlpscale.query(${q});
        t.push(performance.now() - t0);
      }
      return JSON.stringify(t);
    })()`));
    const rows = await page.eval(`window.mlpscale.query(${q}).then((r) => r.rows.length)`);
    console.log(`web: page ready (every round loaded) in ${median(ready).toFixed(0)} ms, median of ${n} loads (budget 3000 ms)`);
    console.log(`web: E' over one workload (bert v4.1, ${rows} rows) in ${median(times).toFixed(1)} ms, median of ${n} runs (budget 100 ms)`);
  } finally {
    await b.close();
  }
}

async function screenshot(url, out, tab) {
  const b = launch();
  try {
    const page = await openPage(b, url, 1280, 1500);
    await page.load();
    await page.eval(READY);
    if (tab) {
      await page.eval(`document.querySelector('header nav button[data-tab="${tab}"]').click()`);
      await page.eval('new Promise((r) => setTimeout(r, 500))');
      const { data } = await page.s('Page.captureScreenshot', { format: 'png' });
      fs.writeFileSync(out, Buffer.from(data, 'base64'));
      return;
    }
    await page.eval(`(async () => {
      document.getElementById('run').click();
      for (let i = 0; i < 600 && !document.querySelector('#out table, #out .error'); i++) {
        await new Promise((r) => setTimeout(r, 50));
      }
      while (document.getElementById('run').disabled) await new Promise((r) => setTimeout(r, 50));
    })()`);
    const { data } = await page.s('Page.captureScreenshot', { format: 'png', captureBeyondViewport: false });
    fs.writeFileSync(out, Buffer.from(data, 'base64'));
    console.log(await page.eval(`document.getElementById('info').textContent + ', ' +
      document.querySelectorAll('#out table').length + ' tables, ' +
      document.querySelectorAll('#out svg').length + ' figures'`));
  } finally {
    await b.close();
  }
}

const OPENING_SPY = `
window.__opening = { statuses: [] };
document.addEventListener('DOMContentLoaded', () => {
  const st = document.getElementById('status');
  const a = document.getElementById('answers');
  window.__opening.first = {
    status: st.textContent,
    answersTop: a ? Math.round(a.getBoundingClientRect().top) : null,
    answersItems: a ? a.querySelectorAll('li').length : 0,
    viewport: window.innerHeight,
  };
  window.__opening.statuses.push(st.textContent);
  new MutationObserver(() => window.__opening.statuses.push(st.textContent))
    .observe(st, { childList: true, characterData: true, subtree: true });
});`;
async function opening(url) {
  const b = launch();
  try {
    const page = await openPage(b, url, 1280, 900);
    await page.s('Page.addScriptToEvaluateOnNewDocument', { source: OPENING_SPY });
    await page.load();
    await page.eval(READY);
    console.log(await page.eval(`(async () => {
      const f = document.getElementById('report');
      while (!f.contentDocument || !f.contentDocument.getElementById('answers')) {
        await new Promise((r) => setTimeout(r, 50));
      }
      document.querySelector('header nav button[data-tab="report-tab"]').click();
      await new Promise((r) => setTimeout(r, 300));
      const d = f.contentDocument;
      const o = window.__opening;
      o.reportAnswersTop = d.getElementById('answers').getBoundingClientRect().top /
        d.documentElement.scrollHeight;
      o.reportHeight = d.documentElement.scrollHeight;
      return JSON.stringify(o);
    })()`));
  } finally {
    await b.close();
  }
}

async function cycles(url, n) {
  let left = 0;
  for (let i = 0; i < n; i++) {
    const b = launch();
    try {
      const page = await openPage(b, url);
      await page.load();
      await page.eval(READY);
      await page.eval("window.mlpscale.query('SELECT count(*) FROM runs').then((r) => r.rows)");
    } finally {
      await b.close();
    }
    if (fs.existsSync(b.profile)) left++;
  }
  console.log(n + ' cycles, ' + left + ' profiles left');
}

async function main() {
  const [mode, file, ...rest] = process.argv.slice(2);
  const url = 'file://' + path.resolve(file);
  if (mode === 'check') await check(url, rest[0], rest[1]);
  else if (mode === 'eval') {
    const flags = rest.slice(1);
    const server = flags.includes('--serve') ? await serve(path.resolve(file)) : null;
    const spy = flags.includes('--spy') ? await spyServer() : null;
    try {
      await evalLines(server ? server.url : url, rest[0], spy);
    } finally {
      if (spy) await spy.close();
      if (server) await server.close();
    }
  }
  else if (mode === 'bench') await bench(url, Number(rest[0] || 5));
  else if (mode === 'cycles') await cycles(url, Number(rest[0] || 10));
  else if (mode === 'opening') await opening(url);
  else if (mode === 'screenshot') await screenshot(url, rest[0], rest[1]);
  else throw new Error('usage: node tests/web/page.js check|eval|cycles|bench|screenshot|opening PAGE ...');
}

main().catch((e) => { console.error('page.js: ' + (e && e.stack || e)); process.exit(1); });
