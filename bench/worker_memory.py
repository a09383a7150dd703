"""A web worker's memory once it has fingerprinted one proof (issue 35.14): the site's own
pHash with numpy alone, beside imagehash's (which brings scipy), each in a fresh process
that imports the whole app first. Prints resident memory (VmRSS) in MB; figures only.

    .venv/bin/python bench/worker_memory.py
"""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import sys
import terminal_shop.terminal_shop
from PIL import Image
from terminal_shop.services.orders import proof_prints
image = Image.effect_noise((512, 512), 64).convert("RGB")
after_import = [l for l in open('/proc/self/status') if l.startswith('VmRSS')][0].split()[1]
if sys.argv[1] == "imagehash":
    import imagehash
    imagehash.phash(image, hash_size=32, highfreq_factor=8)
else:
    proof_prints.phash(image)
after_hash = [l for l in open('/proc/self/status') if l.startswith('VmRSS')][0].split()[1]
print(int(after_import) // 1024, int(after_hash) // 1024, 'scipy' in sys.modules)
"""


def measure(kind: str) -> tuple[int, int, bool]:
    out = subprocess.run([sys.executable, "-c", PROBE, kind], capture_output=True, text=True, check=True).stdout
    imported, hashed, scipy = out.split()
    return int(imported), int(hashed), scipy == "True"


def main() -> None:
    print("| pHash by | RSS after importing the app, MB | RSS after one proof, MB | scipy loaded |")
    print("|---|---|---|---|")
    for kind in ("imagehash", "numpy"):
        imported, hashed, scipy = measure(kind)
        print(f"| {kind} | {imported} | {hashed} | {'yes' if scipy else 'no'} |")


if __name__ == "__main__":
    main()
