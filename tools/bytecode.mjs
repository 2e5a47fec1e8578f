// The page's Python compiled to bytecode by the page's own interpreter (the npm Pyodide build.py vendors), so the
// page loads .pyc files instead of compiling every module from source at each start (bench/README.md, "Start-up":
// compiling was most of main.py's time to "Ready"). CPython here is another version: its bytecode would not load.
//
//   node tools/bytecode.mjs OUT.json < {"sources": {"py/raglab/lab.py": "source", ...}, "imports": ["raglab.lab"]}
//
// writes OUT.json: {"pyc": {"py/raglab/__pycache__/lab.cpython-314.pyc": base64, ...}, "stdlib": {"ipaddress.pyc":
// base64, "html/entities.pyc": base64, ...}}: each source's .pyc, and one for every module of Pyodide's standard
// library (python_stdlib.zip holds sources only) that importing `imports` loads beyond what Pyodide loads to start,
// named as zipimport looks for it beside its source in that zip.
//
// Checked-hash .pyc files (PEP 552): valid for a source with the same hash, whatever its file's time (PyScript's
// unzipping gives every file the time it was unzipped); a source that differs is compiled as it was without them.
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const { sources, imports } = JSON.parse(Buffer.concat(chunks).toString("utf8"));

const pyodide = await loadPyodide();
pyodide.runPython(readFileSync(new URL("./pyodide_compile.py", import.meta.url), "utf8"));
const compiled = pyodide.globals.get("compile_page")(pyodide.toPy(sources), pyodide.toPy(imports));
writeFileSync(process.argv[2], JSON.stringify(compiled.toJs({ dict_converter: Object.fromEntries })));
