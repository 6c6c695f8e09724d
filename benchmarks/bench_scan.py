"""Reading a scanned volume of 200 pages (``nyballot.paper.scan``): seconds per page and peak
memory, each as a ratio to a floor measured in the same run, and what it found against the
generated truth.

.venv/bin/python benchmarks/bench_scan.py [--pages 200] [--ocr-pages 20] [--keep DIR]

The volume comes from benchmarks/scan_set.py: a cover sheet, then sheets printed by the
project's own sheet code (designating on letter and on legal paper, independent on letter, in
turn; 20 distinct sheets of each, their codes repeating), filled in handwriting-like
fonts, turned up to 3 degrees, blurred and noised, and one page in five of another form, saved
as a scanner saves a PDF (a JPEG image a page, 150 dpi). The floor is rendering the same pages
alone (pypdfium2 to grey images at the scan's working width), in its own process as the scan
is, so that each peak memory (VmHWM) is its own. The scan is timed without Tesseract on
the whole volume, and with it on the first ``--ocr-pages`` pages (reading the printed parts is
the slow part: it is measured on fewer pages and given per page).
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _child(job: str, path: str, pages: int) -> None:
    """Run one measured job in this process and print its figures as JSON."""
    data = Path(path).read_bytes()
    start = time.perf_counter()
    if job == "render":
        from nyballot.paper.scan.pages import open_file, page_images

        for _ in page_images(open_file(data, path), path):
            pass
    else:
        from nyballot.paper.scan import read_volume

        volume = read_volume(data, source=path, petition="RUIZ-AD71", suggest=job == "ocr")
    seconds, peak = time.perf_counter() - start, _peak_mb()
    if job != "render":  # kept for the score, after the peak is taken
        Path(path + f".{job}.pickle").write_bytes(pickle.dumps(volume))
    print(json.dumps({"seconds": seconds, "per_page": seconds / pages, "peak_mb": peak}))


def _peak_mb() -> float:
    """This process's peak resident memory since it began (VmHWM: ``ru_maxrss`` would carry
    over the peak of the process it was forked from)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure(job: str, path: Path, pages: int) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE.parent / "src"), str(HERE)])}
    done = subprocess.run(
        [sys.executable, __file__, "--child", job, str(path), "--pages", str(pages)],
        capture_output=True, text=True, env=env, check=True,
    )  # fmt: skip
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages", type=int, default=200)
    parser.add_argument("--ocr-pages", type=int, default=20)
    parser.add_argument("--keep", type=Path, help="Keep the generated volume in this folder.")
    parser.add_argument("--seed", type=int, default=200)
    parser.add_argument("--child", nargs=2, metavar=("JOB", "PATH"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(args.child[0], args.child[1], args.pages)
        return
    sys.path.insert(0, str(HERE))
    import scan_set

    folder = args.keep or Path(tempfile.mkdtemp(prefix="bench-scan-"))
    folder.mkdir(parents=True, exist_ok=True)
    other = (args.pages - 1) // 5
    printed = args.pages - 1 - other
    start = time.perf_counter()
    made = scan_set.build(
        printed=printed, other=other, seed=args.seed, sheets=20, forms=tuple(scan_set.FORMS)
    )
    volume = folder / "volume.pdf"
    volume.write_bytes(scan_set.volume_pdf(made))
    few = folder / "few.pdf"
    few.write_bytes(scan_set.volume_pdf(made[: args.ocr_pages]))
    print(f"made {len(made)} pages ({printed} printed, {other} of another form, a cover) in "
          f"{time.perf_counter() - start:.0f} s: {volume.stat().st_size / 1e6:.1f} MB")  # fmt: skip
    print(f"load average {os.getloadavg()[0]:.1f}")
    floor = measure("render", volume, len(made))
    scan = measure("scan", volume, len(made))
    few_floor = measure("render", few, args.ocr_pages)
    ocr = measure("ocr", few, args.ocr_pages)
    rows = [
        ("render alone (floor)", floor, floor),
        ("scan, no OCR", scan, floor),
        (f"render alone, {args.ocr_pages} pages", few_floor, few_floor),
        (f"scan with OCR, {args.ocr_pages} pages", ocr, few_floor),
    ]
    print(f"{'job':<28} {'s/page':>8} {'ratio':>6} {'peak MB':>8} {'ratio':>6}")
    for name, got, base in rows:
        print(f"{name:<28} {got['per_page']:8.3f} {got['per_page'] / base['per_page']:6.1f} "
              f"{got['peak_mb']:8.0f} {got['peak_mb'] / base['peak_mb']:6.2f}")  # fmt: skip
    found = pickle.loads(Path(f"{volume}.scan.pickle").read_bytes())
    got = scan_set.score(made, found)
    print(f"sheets found and numbered {got.found}/{got.sheets}; codes read {got.codes_read}/"
          f"{got.printed}; lines cropped whole {got.whole}/{got.lines}; lost {got.lost}, "
          f"doubled {got.doubled}; blank marks right {got.ink_right}/{got.lines}; witness "
          f"statements whole {got.witnesses}/{got.sheets}; sheets found on the cover "
          f"{got.false_sheets}")  # fmt: skip
    for miss in got.misses[:10]:
        print("  ", miss)
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
