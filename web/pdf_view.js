// One page of a visitor's PDF, drawn by pdf.js for the source view ("Show in the document"), with boxes over the
// parts of text items Python names. It draws and measures; it decides nothing: what holds the passage is
// raglab.documents.source_map.passage_marks's answer, computed from the strings pageItems gives.
// Loaded on first use by documents.js (raglabDocuments.pdfView()), so a visit that never opens the view never
// loads it.
//
//   open(key, bytes)            -> Promise<number>: the PDF's page count; the document is kept until another key
//                                  is opened (the view draws one or two pages of it, perhaps several times)
//   pageItems(n)                -> Promise<string[]>: page n's text items (getTextContent().items' strings), in order
//   draw(sheet, n, marks, scale) -> Promise: page n on the <canvas> inside `sheet`, as wide as the room it has
//                                  (scale null) or at `scale` CSS px a PDF point (raglab.ui.source_html.PDF_SCALES),
//                                  and a .pdf-box for each [item, from, to] of `marks` over that part of the item
//                                  (from, to: 0 to 1 of its characters), placed in percent so the page scales

let pdfjs = null;
let shown = { key: null, pdf: null };

async function lib() {
  if (!pdfjs) {
    pdfjs = await import("./pdfjs/pdf.min.mjs"); // the module documents.js reads PDFs with (one copy)
    pdfjs.GlobalWorkerOptions.workerSrc = new URL("./pdfjs/pdf.worker.min.mjs", import.meta.url).href;
  }
  return pdfjs;
}

export async function open(key, bytes) {
  if (shown.key === key && shown.pdf) return shown.pdf.numPages;
  const { getDocument } = await lib();
  const task = getDocument({
    data: bytes,
    isEvalSupported: false, // as documents.js reads it: the page's Content-Security-Policy allows no eval
    cMapUrl: new URL("./pdfjs/cmaps/", import.meta.url).href,
    standardFontDataUrl: new URL("./pdfjs/standard_fonts/", import.meta.url).href,
  });
  const pdf = await task.promise;
  const before = shown.pdf;
  shown = { key, pdf };
  await before?.destroy();
  return pdf.numPages;
}

async function content(n) {
  const page = await shown.pdf.getPage(n);
  return { page, items: (await page.getTextContent()).items };
}

export async function pageItems(n) {
  const { items } = await content(n);
  return items.map((item) => item.str ?? "");
}

export async function draw(sheet, n, marks, scale = null) {
  const { Util } = await lib();
  const { page, items } = await content(n);
  const natural = page.getViewport({ scale: 1 }).width;
  // the room the page has (the sheet fits the canvas), or its size at that scale
  const width = scale ? natural * scale : sheet.parentElement?.clientWidth || 600;
  const ratio = window.devicePixelRatio || 1;
  const viewport = page.getViewport({ scale: (width * ratio) / natural });
  const canvas = sheet.querySelector("canvas");
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  canvas.style.width = scale ? `${Math.floor(width)}px` : "";
  await page.render({ canvasContext: canvas.getContext("2d"), viewport }).promise;
  sheet.querySelectorAll(".pdf-box").forEach((box) => box.remove());
  for (const [i, from, to] of marks) {
    const item = items[i];
    if (!item) continue;
    // The item's baseline origin and font size on the drawn page (pdf.js's own text layer does the same sums); a
    // part of it is taken as that share of its width (characters as wide as each other: near enough to mark words).
    const [, , c, d, x0, y] = Util.transform(viewport.transform, item.transform);
    const height = Math.hypot(c, d);
    const full = item.width * viewport.scale;
    const x = x0 + from * full;
    const box = document.createElement("div");
    box.className = "pdf-box";
    box.setAttribute("aria-hidden", "true");
    Object.assign(box.style, {
      left: `${(100 * x) / viewport.width}%`,
      top: `${(100 * (y - height)) / viewport.height}%`,
      width: `${(100 * (to - from) * full) / viewport.width}%`,
      height: `${(100 * height * 1.15) / viewport.height}%`,
    });
    sheet.append(box);
  }
  page.cleanup();
}
