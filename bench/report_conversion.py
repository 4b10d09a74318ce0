"""The conversion table and issue 39's targets, for bench/report.py.

Rows are bench/run.sh's measurements (report.read_rows); output bytes come from output-bytes.tsv
beside results.tsv (tool, file, bytes: what each writer wrote). Every ratio is computed here from the
rows of one run.
"""

import os

WRITER_KINDS = ("convert", "json", "reference")


def read_output_bytes(results_tsv):
    """{(tool, file): bytes} from output-bytes.tsv beside RESULTS.tsv (empty when absent)."""
    path = os.path.join(os.path.dirname(os.path.abspath(results_tsv)), "output-bytes.tsv")
    out = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                parts = line.rstrip("\n").split("\t")
                if len(parts) == 3 and parts[2].isdigit():
                    out[(parts[0], parts[1])] = int(parts[2])
    return out


def conversion_table(rows, output_bytes, valid, baselines, fmt_size):
    """One row per writer run that wrote something: its output's size and rate."""
    check = baselines(rows)
    table = []
    for r in rows:
        n = output_bytes.get((r["tool"], r["file"]))
        if r["kind"] not in WRITER_KINDS or n is None or not valid(r):
            continue
        rate = f"{n / 1e6 / r['wall']:.1f}" if r["wall"] > 0 else "n/a"
        ours = check.get(r["file"])
        ratio = f"{r['wall'] / ours['wall']:.2f}x" if ours and ours["wall"] > 0 else "—"
        table.append([r["tool"], f"{r['file']} ({fmt_size(r['size'])})", f"{r['wall']:.3f}",
                      f"{r['rss'] / 1e6:.0f}" if r["rss"] else "n/a", f"{n / 1e6:.1f}", rate, ratio])
    return table


CONVERSION_HEAD = ["tool", "input", "wall s", "peak MB", "output MB", "MB/s (wall)", "vs --check"]


def issue39_targets(rows, valid, baselines):
    """Issue 39's targets (round 3 of performance), evaluated on the measured rows."""
    out = []
    clean = baselines(rows)

    def row(tool, file):
        return next((r for r in rows if r["tool"] == tool and r["file"] == file), None)

    def files(suffix, prefix=""):
        return sorted({r["file"] for r in rows if r["file"].endswith(suffix) and r["file"].startswith(prefix)})

    # 1. Each --unarchive format at least 2x the peer's conversion of the same plain file.
    for name in files(".bplist", "plain-") + files(".xml", "plain-"):
        for fmt, peer_tool in (("xml1", "plistutil -f xml"), ("binary1", "plistutil -f bin"), ("json", "plistutil (JSON)")):
            ours = row(f"archive-browse --unarchive {fmt}", name)
            if not ours:
                continue
            what = f"--unarchive {fmt} ≥ 2x faster than {peer_tool} ({name})"
            peer = row(peer_tool, name)
            if not valid(ours):
                out.append([what, f"ours: {ours['status']}", "n/a"])
            elif peer and valid(peer):
                ratio = peer["wall"] / ours["wall"]
                out.append([what, f"{peer['wall']:.3f} s / {ours['wall']:.3f} s = {ratio:.2f}x", "met" if ratio >= 2 else "NOT met"])
            elif peer and peer["status"].startswith("did not finish in "):
                limit = float(peer["status"].split()[4])
                bound = limit / ours["wall"]
                out.append([what, f"peer did not finish in {limit:.0f} s; ours {ours['wall']:.3f} s: more than {bound:.1f}x",
                            "met" if bound >= 2 else "n/a (limit too short to tell)"])
            else:
                second = next((r for r in rows if r["file"] == name and r["tool"].startswith("Python plistlib") and fmt.rstrip("1") in r["tool"].lower() and valid(r)), None)
                extra = f"; against {second['tool']}: {second['wall']:.3f} s / {ours['wall']:.3f} s = {second['wall'] / ours['wall']:.2f}x" if second else ""
                out.append([what, (peer["status"] if peer else "peer not measured") + extra, "n/a"])

    # 2. --json and --unarchive json within 1.5x of --check on keyed, typedstream and NIB inputs.
    for name in files(".bplist") + files(".typedstream") + files(".nib"):
        if name.startswith(("plain-", "ttfs-", "flat-")):
            continue
        c = clean.get(name)
        for tool in ("archive-browse --json", "archive-browse --unarchive json"):
            r = row(tool, name)
            if not r:
                continue
            what = f"{tool.replace('archive-browse ', '')} ≤ 1.5x --check ({name})"
            if c and valid(r):
                ratio = r["wall"] / c["wall"]
                out.append([what, f"{r['wall']:.3f} s / {c['wall']:.3f} s = {ratio:.2f}x", "met" if ratio <= 1.5 else "NOT met"])
            else:
                out.append([what, r["status"] if not valid(r) else "no clean --check on this file", "n/a"])

    # 3. --check at least 4x plistutil on every shape.
    pairs = []
    for name, c in clean.items():
        p = next((r for r in rows if r["file"] == name and r["tool"].startswith("plistutil -f") and valid(r)), None)
        if p:
            pairs.append((p["wall"] / c["wall"], name))
    if pairs:
        met = [n for ratio, n in pairs if ratio >= 4]
        worst = min(pairs)
        out.append(["--check ≥ 4x faster than plistutil on every shape",
                    f"met on {len(met)} of {len(pairs)} files; slowest against the peer: {worst[1]} at {worst[0]:.2f}x; "
                    + ", ".join(f"{n} {ratio:.2f}x" for ratio, n in sorted(pairs)),
                    "met" if len(met) == len(pairs) else "NOT met"])

    # 4. The bplist check's peak RSS at most 2x the file, on every bplist of 10 MB or more.
    bplist = [r for r in rows if r["tool"] == "archive-browse --check" and r["file"].endswith(".bplist")
              and valid(r) and r["rss"] and r["size"] >= 10_000_000]
    if bplist:
        worst = max(bplist, key=lambda r: r["rss"] / r["size"])
        over = [r for r in bplist if r["rss"] > 2 * r["size"]]
        out.append(["bplist --check peak RSS ≤ 2x the file (every bplist ≥ 10 MB)",
                    f"worst {worst['file']}: {worst['rss'] / 1e6:.0f} MB = {worst['rss'] / worst['size']:.2f}x; over 2x on {len(over)} of {len(bplist)}: "
                    + (", ".join(f"{r['file']} {r['rss'] / r['size']:.2f}x" for r in over) or "none"),
                    "met" if not over else "NOT met"])

    # 5. The XML first screen at most 0.5 s and 1.5x the file's RSS, at any screen size.
    for r in rows:
        if r["tool"].startswith("archive-browse --screen") and r["file"].endswith(".xml") and not r["file"].startswith("plain-"):
            what = f"XML first screen ≤ 0.5 s, RSS ≤ 1.5x the file ({r['tool'].split()[-1]}, {r['file']})"
            if not valid(r) or not r["rss"]:
                out.append([what, r["status"], "n/a"])
                continue
            per_file = r["rss"] / r["size"]
            out.append([what, f"{r['wall']:.3f} s, {r['rss'] / 1e6:.0f} MB = {per_file:.2f}x the file",
                        "met" if r["wall"] <= 0.5 and per_file <= 1.5 else "NOT met"])
    return out
