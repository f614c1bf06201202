// Runs tools/bench/device.py on the 32-bit MicroPython WebAssembly port (Node 20).
//   node wasm.mjs MICROPYTHON_MJS DEVICE_PY FIRMWARE_DIR EVENTS MODE HEAPSIZE [ORDER [GAME]]
// The firmware's .mpy files and the events go into the port's in-memory filesystem; the
// device's BENCH line comes out on stdout.
import { readdirSync, readFileSync, statSync } from "fs";
import { join } from "path";

const [mjs, device, firmware, events, mode, heapsize, order = "", game = ""] = process.argv.slice(2);
const { loadMicroPython } = await import(mjs);
const mp = await loadMicroPython({ heapsize: Number(heapsize), stdout: (line) => console.log(line) });

function copy(src, dest) {
  mp.FS.mkdirTree(dest);
  for (const name of readdirSync(src)) {
    const path = join(src, name);
    if (statSync(path).isDirectory()) copy(path, dest + "/" + name);
    else mp.FS.writeFile(dest + "/" + name, readFileSync(path));
  }
}

copy(firmware, "/bench/fw");
mp.FS.mkdirTree("/bench/save");
mp.FS.writeFile("/bench/device.py", readFileSync(device));
mp.FS.writeFile("/bench/events.bin", readFileSync(events));
mp.runPython(`import sys
sys.path.insert(0, "/bench")
import device
device.start(${JSON.stringify(mode)}, "/bench/fw", "/bench/save", "/bench/events.bin", ${JSON.stringify(order)}, ${JSON.stringify(game)})`);
// One slice per call: the port collects garbage only between calls from JavaScript.
const advance = mp.pyimport("device").advance;
while (advance()) {}
