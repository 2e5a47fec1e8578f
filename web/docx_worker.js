// A Word document's HTML, made by mammoth.js (the JavaScript twin of the mammoth the command line reads .docx files
// with: same author, same version, same HTML but for how a quote mark is escaped) in a worker of its own
// (documents.js's docxHtml): converting never holds the page's main thread, and a document given up is stopped at
// once (terminate()). It converts and decides nothing: raglab.documents.docx_reader checked the file first and
// reads the HTML after.
//
//   message in:  {id, bytes}: a request's number, and an ArrayBuffer of the .docx's bytes
//   message out: {id, html} | {id, problem: "broken", detail}
/* global mammoth -- set by importScripts below */
importScripts("./mammoth/mammoth.browser.min.js");

self.onmessage = async ({ data: { id, bytes } }) => {
  try {
    // pictures left out, not inlined as data (as docx_reader.docx_html asks the command line's mammoth)
    const options = { convertImage: mammoth.images.imgElement(() => ({})) };
    const result = await mammoth.convertToHtml({ arrayBuffer: bytes }, options);
    self.postMessage({ id, html: result.value });
  } catch (error) {
    self.postMessage({ id, problem: "broken", detail: String(error?.message) });
  }
};
