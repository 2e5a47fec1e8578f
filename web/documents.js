// The visitor's own documents, the parts only a browser can do: read a PDF's text items with pdf.js (in pdf.js's
// own worker) and a Word document's HTML with mammoth.js (in docx_worker.js), and keep records in IndexedDB (idb-keyval). It moves text and bytes and decides nothing: Python
// (raglab.documents.readers, raglab.documents.pdf_layout) groups the items into lines and blocks, cuts them, and words every message.
//
//   raglabDocuments.pdfPages(bytes, report, seconds, most) -> Promise<{pages: {box, texts, numbers}[]} |
//                                      {problem: "encrypted" | "broken" | "too_slow", page, detail}>: each page's
//                                      box (x0, y0, x1, y1) and text items, as their texts and a Float64Array
//                                      of 7 numbers per item (its transform a b c d e f and its width: one copy
//                                      into Python, not an object per item). report(done, total, items, ref) is
//                                      called after each page (its text items' count, its object as "num gen"):
//                                      when it returns true the reading stops ({problem: "cancelled"}). Opening the PDF, and each
//                                      page's text, may take `seconds` each (limits.PDF_STEP_SECONDS); past that
//                                      pdf.js's worker is ended ({problem: "too_slow", page}: 0 while opening).
//                                      A page's items are read up to `most` and one more (pdf_items.MAX_PAGE_ITEMS):
//                                      report() hears that count, and the reading stops there
//   raglabDocuments.docxHtml(bytes, seconds) -> Promise<{html} | {problem: "broken" | "too_slow", detail}>: a Word
//                                      document's HTML, made by mammoth.js in a worker of its own (docx_worker.js,
//                                      kept for the next one), ended past `seconds` (limits.FILE_SECONDS); bytes
//                                      are copied, not taken
//   raglabDocuments.bytes(files, indices) -> Promise<Uint8Array[]>: the bytes of those files of a FileList, asked for
//                                      together (one call from Python, not one a file)
//   raglabDocuments.records(prefix)    -> Promise<[key, value][]>: the records whose key starts with prefix
//                                      ("doc:", "meta"), in key order
//   raglabDocuments.keepVectors(keys, vectors) -> Promise: each vector (number[]) kept as a Float32Array under its
//                                      key, in one transaction (binary: 4 bytes a number, not JSON)
//   raglabDocuments.vectors(prefix)    -> Promise<{keys: string[], data: Float32Array, damaged: string[]}>: every
//                                      kept vector whose key starts with prefix, end to end in one array (one copy
//                                      into Python), and the keys of records there that are not such vectors
//   raglabDocuments.keep(pairs)        -> Promise: sets every [key, value] in one transaction (all or nothing);
//                                      rejects with the browser's error (QuotaExceededError when the disk is full)
//   raglabDocuments.forget(keys)       -> Promise: removes them in one transaction
//   raglabDocuments.persist()          -> Promise<boolean>: asks the browser to keep the store (not evict it)
//   raglabDocuments.framed             true when the lab runs in another site's iframe (its store is separate)
//   raglabDocuments.download(bytes, name) saves bytes as a file, made here, never uploaded
//   (source view) raglabDocuments.keepPdf(key, file) -> Promise: a PDF's bytes kept under key ("pdf:<slug>"), read
//                                      from the File here (they never pass through Python)
//   (source view) raglabDocuments.pdf(key) -> Promise<Uint8Array | undefined>: those bytes (none for a document kept
//                                      before PDFs were kept)
//   (source view) raglabDocuments.pdfView() -> Promise<module>: pdf_view.js, loaded on first use

import { createStore, delMany, get, promisifyRequest, set, setMany } from "./idb-keyval.mjs";

const store = createStore("raglab-documents", "records");
let pdfjs = null; // loaded on the first PDF: 0.4 MB that a visit without PDFs never needs

async function loadPdfjs() {
  if (!pdfjs) {
    pdfjs = await import("./pdfjs/pdf.min.mjs");
    pdfjs.GlobalWorkerOptions.workerSrc = new URL("./pdfjs/pdf.worker.min.mjs", import.meta.url).href;
  }
  return pdfjs;
}

// What pdfPages rejects with when pdf.js takes longer than its time for a step: the page it was reading (0: opening).
class TooSlow extends Error {
  constructor(page) {
    super(`step ${page} took too long`);
    this.page = page;
  }
}

// `promise`, or a TooSlow once `seconds` have passed without it settling (none: as long as it takes).
function inTime(promise, seconds, page) {
  if (!Number.isFinite(seconds)) return promise; // setTimeout would take Infinity as 0
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new TooSlow(page)), seconds * 1000);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

// A page's text items that hold text (not marked-content entries or empty ends of line), read from pdf.js's stream
// a chunk at a time; past `most` of them the stream is cancelled, so the worker stops and no more cross to this
// thread (Python counts them and refuses the page).
async function pageItems(page, most) {
  const reader = page.streamTextContent().getReader();
  const items = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return items;
    for (const item of value.items) if (item.str) items.push(item);
    if (items.length > most) {
      await reader.cancel(new Error(`more than ${most} text items`)); // (pdf.js takes an Error as the reason)
      return items;
    }
  }
}

async function pdfPages(bytes, report, seconds = Infinity, most = Infinity) {
  const lib = await loadPdfjs();
  // Its own worker, so a PDF given up is stopped at once (terminate()): destroying the document would wait for a
  // worker still busy with it (a page of 1 GB of drawing operators kept it busy for minutes).
  const worker = new lib.PDFWorker();
  const task = lib.getDocument({
    data: bytes,
    worker,
    isEvalSupported: false, // no eval: the page runs under a strict Content-Security-Policy
    cMapUrl: new URL("./pdfjs/cmaps/", import.meta.url).href, // CJK and other CID fonts' text
    standardFontDataUrl: new URL("./pdfjs/standard_fonts/", import.meta.url).href,
  });
  let pdf;
  try {
    pdf = await inTime(task.promise, seconds, 0);
  } catch (error) {
    worker.destroy();
    if (error instanceof TooSlow) return { problem: "too_slow", page: 0, detail: "" };
    return { problem: error?.name === "PasswordException" ? "encrypted" : "broken", detail: String(error?.message) };
  }
  try {
    const pages = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await inTime(pdf.getPage(n).then(async (page) => {
        const items = await pageItems(page, most);
        page.cleanup();
        return { items, box: page.view, ref: page.ref ? `${page.ref.num} ${page.ref.gen}` : "" };
      }), seconds, n);
      const items = content.items;
      if (report && report(n, pdf.numPages, items.length, content.ref)) return { problem: "cancelled", detail: "" };
      const numbers = new Float64Array(items.length * 7);
      items.forEach((item, i) => {
        numbers.set(item.transform, i * 7);
        numbers[i * 7 + 6] = item.width;
      });
      pages.push({ box: content.box, texts: items.map((item) => item.str), numbers });
    }
    return { pages };
  } catch (error) {
    if (error instanceof TooSlow) return { problem: "too_slow", page: error.page, detail: "" };
    return { problem: "broken", detail: String(error?.message) };
  } finally {
    worker.destroy(); // without waiting for pdf.destroy(): a worker given up answers nothing
  }
}

// mammoth.js's worker, kept for the next Word document (starting one and loading mammoth.js cost 0.3-0.5 s a file),
// ended when one is given up: {worker, waiting: request id -> its resolve}.
let docx = null;
let docxRequests = 0;

function docxWorker() {
  if (!docx) {
    const worker = new Worker(new URL("./docx_worker.js", import.meta.url));
    const waiting = new Map();
    worker.onmessage = ({ data }) => {
      waiting.get(data.id)?.(data);
      waiting.delete(data.id);
    };
    worker.onerror = (event) => {
      event.preventDefault(); // said as each file's own sentence, not left in the console
      endDocxWorker(worker, { problem: "broken", detail: String(event.message) });
    };
    docx = { worker, waiting };
  }
  return docx;
}

// The worker ended, and every document it was still converting answered with `answer`.
function endDocxWorker(worker, answer) {
  worker.terminate();
  if (docx?.worker !== worker) return;
  for (const resolve of docx.waiting.values()) resolve(answer);
  docx = null;
}

function docxHtml(bytes, seconds = Infinity) {
  const { worker, waiting } = docxWorker();
  const id = ++docxRequests;
  const done = new Promise((resolve) => waiting.set(id, resolve));
  const copy = bytes.slice(); // the caller's array stays whole; the copy's buffer moves to the worker
  worker.postMessage({ id, bytes: copy.buffer }, [copy.buffer]);
  return inTime(done, seconds, 0).catch((error) => {
    if (!(error instanceof TooSlow)) throw error;
    endDocxWorker(worker, { problem: "too_slow", detail: "" });
    return { problem: "too_slow", detail: "" };
  });
}

function range(prefix) {
  return IDBKeyRange.bound(prefix, prefix + "\uffff");
}

function records(prefix) {
  return store("readonly", async (s) => {
    const [keys, values] = await Promise.all([promisifyRequest(s.getAllKeys(range(prefix))),
      promisifyRequest(s.getAll(range(prefix)))]);
    return keys.map((key, i) => [key, values[i]]);
  });
}

// A record that is not a vector as keepVectors writes them (null, a number, another length) cannot be put end to end:
// it is handed back in `damaged`, for my_vectors.py to say and forget.
async function vectors(prefix) {
  const all = await records(prefix);
  const first = all.find(([, vector]) => vector instanceof Float32Array && vector.length > 0);
  const size = first ? first[1].length : 0;
  const kept = all.filter(([, vector]) => vector instanceof Float32Array && vector.length === size && size > 0);
  const data = new Float32Array(kept.length * size);
  kept.forEach(([, vector], i) => data.set(vector, i * size));
  const damaged = all.filter((record) => !kept.includes(record)).map(([key]) => key);
  return { keys: kept.map(([key]) => key), data, damaged };
}

function framed() {
  try {
    return window.top !== window && window.top.location.origin !== location.origin;
  } catch {
    return true; // another origin's window: reading its location throws
  }
}

function download(bytes, name) {
  const url = URL.createObjectURL(new Blob([bytes], { type: "application/zip" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

globalThis.raglabDocuments = {
  pdfPages,
  docxHtml,
  bytes: (files, indices) => Promise.all(indices.map(async (i) => new Uint8Array(await files[i].arrayBuffer()))),
  records,
  entries: () => records(""), // everything kept (bench/own_documents.py counts the bytes)
  keepVectors: (keys, vectors) => setMany(keys.map((key, i) => [key, Float32Array.from(vectors[i])]), store),
  vectors,
  keep: (pairs) => setMany(pairs, store),
  forget: (keys) => delMany(keys, store),
  persist: async () => (navigator.storage?.persist ? navigator.storage.persist() : false),
  framed: framed(),
  download,
  // source view: a kept PDF's bytes, and the module that draws its pages
  keepPdf: async (key, file) => set(key, new Uint8Array(await file.arrayBuffer()), store),
  pdf: (key) => get(key, store),
  pdfView: () => import("./pdf_view.js"),
};
