#!/usr/bin/env python3
"""Turn bench/run.sh's measurements (TSV) into a terminal table and bench/results.md.

    report.py RESULTS.tsv META.txt OUT.md

Ratios are computed here from the measured rows, never typed in:
  * "vs --check": this row's wall time / archive-browse --check's wall time on the same file
    (for a peer: how many times slower than our full check it is);
  * "RSS/file": peak RSS / file size.
The targets sections compare the figures with the targets of issues 7, 29 and 39; the conversion
table and issue 39's targets come from report_conversion.py. Hand-written sections of an existing
results file (from the first heading this script does not write) are kept.
"""

import os
import sys

import report_conversion as conversion

COLUMNS = ["tool", "file", "size", "wall", "rss", "rc", "runs", "load", "kind", "status"]


def read_rows(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) != len(COLUMNS):
                raise SystemExit(f"report.py: malformed line in {path}: {line!r}")
            r = dict(zip(COLUMNS, parts))
            r["size"] = int(r["size"])
            r["wall"] = float(r["wall"]) if r["wall"] else None
            r["rss"] = int(r["rss"]) * 1024 if r["rss"] else None
            r["rc"] = int(r["rc"]) if r["rc"] else None
            rows.append(r)
    return rows


def read_meta(path):
    meta = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            k, _, v = line.rstrip("\n").partition("=")
            meta[k] = v
    return meta


def valid(r):
    """A row whose time and memory are real measurements of a finished, successful run."""
    if r["wall"] is None or r["kind"] in ("unavailable", "finding"):
        return False
    if r["status"].startswith(("did not finish", "crashed", "failed", "n/a")):
        return False
    return True


def dnf_limit(r):
    """The time limit of a run that did not finish, else None."""
    if r["status"].startswith("did not finish in "):
        return float(r["status"].split()[4])
    return None


def fmt_size(n):
    if n >= 1e9:
        return f"{n / 1e9:.2f} GB"
    if n >= 1e6:
        return f"{n / 1e6:.1f} MB"
    return f"{n / 1e3:.0f} kB"


def baselines(rows):
    """archive-browse --check per file, when it ran clean (exit 0) and decoded something."""
    empty = {r["file"] for r in rows if r["kind"] == "finding"}
    return {r["file"]: r for r in rows
            if r["tool"] == "archive-browse --check" and valid(r) and r["rc"] == 0 and r["file"] not in empty}


def build_table(rows):
    check = baselines(rows)
    table = []
    for r in rows:
        ok = valid(r)
        wall = f"{r['wall']:.3f}" if ok else "n/a"
        rss = f"{r['rss'] / 1e6:.0f}" if ok and r["rss"] else "n/a"
        ours = check.get(r["file"])
        limit = dnf_limit(r)
        if limit and ours and ours["wall"] > 0:
            ratio = f"> {limit / ours['wall']:.1f}x"
        elif ok and ours and ours["wall"] > 0 and r["kind"] in ("peer", "json", "check", "screen", "convert") and not r["tool"].startswith(("first screen", "screen keys")):
            ratio = f"{r['wall'] / ours['wall']:.2f}x"
        else:
            ratio = "—"
        per_file = f"{r['rss'] / r['size']:.2f}x" if ok and r["rss"] else "n/a"
        status = {"unavailable": "unavailable: ", "finding": "FINDING: "}.get(r["kind"], "") + r["status"]
        table.append([r["tool"], f"{r['file']} ({fmt_size(r['size'])})", wall, rss, ratio, per_file, r["load"] or "", status])
    return table


HEAD = ["tool", "file", "wall s", "peak MB", "vs --check", "RSS/file", "load", "status"]


def targets(rows, meta):
    """Issue 7's targets, evaluated on the measured rows."""
    out = []
    by = {}
    for r in rows:
        by.setdefault((r["tool"], r["file"]), r)
    check_rows = [r for r in rows if r["tool"] == "archive-browse --check"]
    clean = baselines(rows)

    first = [r for r in rows if r["tool"].startswith("first screen")]
    if first and all(valid(r) for r in first):
        walls = ", ".join(f"{fmt_size(r['size'])}: {r['wall'] * 1000:.0f} ms" for r in first)
        worst = max(r["wall"] for r in first)
        out.append(["first screen ≤ 50 ms, flat from 1 MB to 1 GB", walls, "met" if worst <= 0.050 else "NOT met"])
    else:
        out.append(["first screen ≤ 50 ms, flat from 1 MB to 1 GB", "; ".join(f"{r['file']}: {r['status']}" for r in first) or "not measured", "n/a"])

    for peer, factor in (("Foundation unarchive", 10), ("plistutil -f", 4)):
        for c in check_rows:
            p = next((r for r in rows if r["tool"].startswith(peer) and r["file"] == c["file"]), None)
            if not p or p["kind"] == "unavailable":
                continue
            what = f"--check ≥ {factor}x faster than {p['tool']} ({c['file']})"
            if c["file"] in clean and valid(p):
                ratio = p["wall"] / c["wall"]
                out.append([what, f"{p['wall']:.3f} s / {c['wall']:.3f} s = {ratio:.2f}x", "met" if ratio >= factor else "NOT met"])
            elif c["file"] in clean and dnf_limit(p):
                bound = dnf_limit(p) / c["wall"]
                out.append([what, f"peer did not finish in {dnf_limit(p):.0f} s; ours {c['wall']:.3f} s: more than {bound:.1f}x",
                            "met" if bound >= factor else "n/a (limit too short to tell)"])
            else:
                why = [f"ours: {c['status']}"]
                why += [r["status"] for r in rows if r["kind"] == "finding" and r["file"] == c["file"]]
                out.append([what, "; ".join(why + [f"peer: {p['status']}"]), "n/a"])

    # A process has a fixed floor of about 15 MB, so the ratio means something only for big files.
    ours = [r for r in rows if r["tool"].startswith(("archive-browse", "first screen", "screen keys"))]
    measured = [r for r in ours if valid(r) and r["size"] >= 10_000_000]
    over = [r for r in measured if r["rss"] > 2 * r["size"]]
    if measured:
        worst = max(measured, key=lambda r: r["rss"] / r["size"])
        detail = f"worst: {worst['tool']} on {worst['file']}: {worst['rss'] / 1e6:.0f} MB = {worst['rss'] / worst['size']:.2f}x"
        if over:
            detail += f"; over 2x in {len(over)} of {len(measured)} runs: " + ", ".join(
                f"{r['tool']} on {r['file']} {r['rss'] / r['size']:.1f}x" for r in over)
        out.append(["archive-browse peak RSS ≤ 2x file size (files ≥ 10 MB)", detail, "NOT met" if over else "met"])
    else:
        out.append(["archive-browse peak RSS ≤ 2x file size (files ≥ 10 MB)", "no successful run on a file ≥ 10 MB", "n/a"])

    redraw = meta.get("redraw", "")
    status = "n/a"
    if "below timing noise" in redraw or "no visible effect" in redraw:
        status = "n/a"
    elif "ms per key" in redraw:
        ms = float(redraw.split(" = ")[1].split(" ms")[0])
        status = "met" if ms <= 16 else "NOT met"
    out.append(["redraw after a key ≤ 16 ms (headless --screen --keys)", redraw.replace("redraw after a key: ", ""), status])
    tmux = meta.get("redraw_tmux", "")
    status = "n/a"
    if "ms per key" in tmux:
        ms = float(tmux.split(" = ")[1].split(" ms")[0])
        status = "met" if ms <= 16 else "NOT met"
    out.append(["redraw after a key ≤ 16 ms (interactive, tmux)", tmux or "not measured", status])
    return out


def round2_targets(rows):
    """Issue 29's targets (performance, round 2), evaluated on the measured rows."""
    out = []
    clean = baselines(rows)

    def row(tool, suffix):
        return next((r for r in rows if r["tool"] == tool and r["file"].endswith(suffix)), None)

    def ratio_target(what, tool, suffix, limit):
        r, c = row(tool, suffix), next((c for f, c in clean.items() if f.endswith(suffix)), None)
        if not r or not c or not valid(r):
            return out.append([what, r["status"] if r else "not measured", "n/a"])
        ratio = r["wall"] / c["wall"]
        out.append([what, f"{r['wall']:.3f} s / {c['wall']:.3f} s = {ratio:.2f}x", "met" if ratio <= limit else "NOT met"])

    def screen_target(what, suffix, seconds, rss_factor):
        r = row("archive-browse --screen 80x24", suffix)
        if not r or not valid(r):
            return out.append([what, r["status"] if r else "not measured", "n/a"])
        per_file = r["rss"] / r["size"] if r["rss"] else float("inf")
        met = r["wall"] <= seconds and per_file <= rss_factor
        out.append([what, f"{r['wall']:.3f} s, {r['rss'] / 1e6:.0f} MB = {per_file:.2f}x the file", "met" if met else "NOT met"])

    for suffix in (".bplist", ".xml"):
        big = [r for r in rows if r["tool"] == "archive-browse --check" and r["file"].endswith(suffix)]
        if not big:
            continue
        name = max(big, key=lambda r: r["size"])["file"]
        ratio_target(f"--json ≤ 1.5x --check ({name})", "archive-browse --json", name, 1.5)
        ratio_target(f"--unarchive json ≤ 1.5x --check ({name})", "archive-browse --unarchive json", name, 1.5)
    bplist = [r for r in rows if r["tool"] == "archive-browse --check" and r["file"].endswith(".bplist") and valid(r)]
    if bplist:
        c = max(bplist, key=lambda r: r["size"])
        out.append([f"bplist --check peak RSS ≤ 2x the file ({c['file']})", f"{c['rss'] / 1e6:.0f} MB = {c['rss'] / c['size']:.2f}x",
                    "met" if c["rss"] <= 2 * c["size"] else "NOT met"])
    xml_check = next((r for r in rows if r["tool"] == "archive-browse --check" and r["file"].endswith(".xml") and valid(r)), None)
    xml_parse = next((r for r in rows if r["tool"] == "Foundation parse" and xml_check and r["file"] == xml_check["file"]), None)
    if xml_check and xml_parse and valid(xml_parse):
        ratio = xml_parse["wall"] / xml_check["wall"]
        out.append([f"XML --check ≥ 3x faster than Foundation parse ({xml_check['file']})",
                    f"{xml_parse['wall']:.3f} s / {xml_check['wall']:.3f} s = {ratio:.2f}x", "met" if ratio >= 3 else "NOT met"])
    screen_target("XML first screen ≤ 0.5 s, RSS ≤ 1.5x the file", ".xml", 0.5, 1.5)
    screen_target("typedstream first screen ≤ 0.1 s, RSS ≤ 3x the file", ".typedstream", 0.1, 3.0)
    ts = row("archive-browse --check", ".typedstream")
    if ts and valid(ts):
        out.append(["typedstream --check peak RSS ≤ 3x the file", f"{ts['rss'] / 1e6:.0f} MB = {ts['rss'] / ts['size']:.2f}x",
                    "met" if ts["rss"] <= 3 * ts["size"] else "NOT met"])
    screen_target("NIBArchive first screen lazy like bplist (≤ 50 ms, RSS ≤ 2x the file)", ".nib", 0.05, 2.0)
    return out


def files_table(meta):
    rows = []
    for item in meta.get("generated", "").split(";;"):
        if not item.strip():
            continue
        name, size, args, what = (item.split("|") + ["", "", "", ""])[:4]
        rows.append([f"`{name}`", fmt_size(int(size)) if size.isdigit() else size, f"`{args}`", what])
    return rows


def text_table(head, rows):
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows)]
    widths = [min(w, 60) for w in widths]
    lines = ["  ".join(str(x)[:w].ljust(w) for x, w in zip(head, widths))]
    lines.append("  ".join("-" * w for w in widths))
    for r in rows:
        lines.append("  ".join(str(x)[:w].ljust(w) for x, w in zip(r, widths)))
    return "\n".join(lines)


def md_table(head, rows):
    esc = lambda s: str(s).replace("|", "\\|")
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join(" --- " for _ in head) + "|"]
    for r in rows:
        lines.append("| " + " | ".join(esc(x) for x in r) + " |")
    return "\n".join(lines)


def instruction_table(path):
    """Rows of instructions.tsv (beside results.tsv): tool, file, count, and the ratio to
    archive-browse --check on the same file."""
    if not os.path.exists(path):
        return []
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) >= 5:
                rows.append(parts)
    check = {r[1]: int(r[3]) for r in rows if r[0] == "archive-browse --check" and r[3].isdigit()}
    out = []
    for tool, name, size, n, how in rows:
        base = check.get(name)
        count = f"{int(n) / 1e9:.2f} G" if n.isdigit() else "n/a"
        ratio = f"{int(n) / base:.2f}x" if n.isdigit() and base else "n/a"
        per_byte = f"{int(n) / int(size):.1f}" if n.isdigit() and size.isdigit() and int(size) else "n/a"
        out.append([tool, f"{name} ({fmt_size(int(size))})" if size.isdigit() else name, count, ratio, per_byte, how])
    return out


def main():
    tsv, meta_path, out = sys.argv[1:4]
    rows = read_rows(tsv)
    meta = read_meta(meta_path)
    table = build_table(rows)
    tgt = targets(rows, meta)
    instr = instruction_table(os.path.join(os.path.dirname(os.path.abspath(tsv)), "instructions.tsv"))
    INSTR_HEAD = ["tool", "file", "instructions", "vs --check", "per byte", "counted by"]
    print()
    print(text_table(HEAD, table))
    print()
    print(text_table(["target", "measured", "verdict"], tgt))
    print()
    print(text_table(["target", "measured", "verdict"], round2_targets(rows)))
    print()
    output_bytes = conversion.read_output_bytes(tsv)
    convert = conversion.conversion_table(rows, output_bytes, valid, baselines, fmt_size)
    tgt39 = conversion.issue39_targets(rows, valid, baselines)
    print(text_table(conversion.CONVERSION_HEAD, convert))
    print()
    print(text_table(["target", "measured", "verdict"], tgt39))
    print()

    md = [
        "# archive-browse benchmark results",
        "",
        "Written by `bench/run.sh` (do not edit by hand; re-run it). Every figure below was measured in",
        "the run described here.",
        "",
        f"* date: {meta.get('date')}",
        f"* command: `{meta.get('command')}`",
        f"* machine: nproc {meta.get('nproc')}; `free -g`: {meta.get('free')}; CPU: {meta.get('cpu')}",
        f"* load average (1/5/15 min) when run.sh started: {meta.get('load_start')}; "
        + (f"when measuring began (after --wait-quiet and the build): {meta['load_measure']}; " if meta.get("load_measure") else "")
        + f"at the end: {meta.get('load_end')}. The *load* column has the 1-minute figure for each row.",
        f"* archive-browse: `{meta.get('bin')}`",
        f"* toolchain: {meta.get('swift')}; Python {meta.get('python')}; {meta.get('plistutil')}; nska-deserialize {meta.get('nska')}",
        f"* commands under 2 s were run {meta.get('repeat')} times (median wall, max RSS); longer ones once",
        *([f"* note: {meta['note']}"] if meta.get("note") else []),
        "",
        "Files (made by `bench/generate.py`; the seed is 1 unless shown):",
        "",
        md_table(["file", "size", "generate.py arguments", "content"], files_table(meta)),
        "",
        "Columns: *wall s* is the whole process's wall time; *peak MB* its maximum RSS (GNU time `%M`);",
        "*vs --check* is this row's wall time divided by `archive-browse --check` on the same file (for a",
        "peer: how many times slower than our full check it is); *RSS/file* is peak RSS over file size;",
        "*load* is the 1-minute load average when the row started (2 cores).",
        "",
        md_table(HEAD, table),
        "",
        "## Instruction counts",
        "",
        "User-space instructions of the whole process, all threads (`perf stat -e instructions:u`; with",
        "callgrind instead: its Ir, which counts every thread too). They barely move with the load of other",
        "work, so a regression shows on a busy machine; *vs --check* divides by archive-browse `--check`",
        "on the same file (for a peer: how much more work it does than our full check).",
        "",
        md_table(INSTR_HEAD, instr) if instr else "(not measured)",
        "",
        "## Targets (issue 7)",
        "",
        md_table(["target", "measured", "verdict"], tgt),
        "",
        "## Targets (issue 29)",
        "",
        md_table(["target", "measured", "verdict"], round2_targets(rows)),
        "",
        "## Conversion (this run)",
        "",
        "Every writer run of the table above that wrote something: its output's size and rate (MB/s of",
        "wall time). `convert` rows wrote to a file, as a user redirects the output; `--json` and",
        "`--unarchive json` rows wrote to /dev/null (their size counted by one more run, untimed). The",
        "two *reference* rows are the machine's own: reading the `--unarchive xml1` output back with",
        "`cat`, and writing as many bytes to a file with `dd`.",
        "",
        md_table(conversion.CONVERSION_HEAD, convert) if convert else "(not measured)",
        "",
        "## Targets (issue 39)",
        "",
        md_table(["target", "measured", "verdict"], tgt39) if tgt39 else "(not measured)",
        "",
    ]
    kept = kept_sections(out, [line for line in md if line.startswith("## ")])
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(md))
        if kept:
            f.write("\n" + kept)


def kept_sections(path, generated):
    """The hand-written part of an existing results file: everything from its first `## ` heading
    that this script does not write (measurements by hand, kept when a run rewrites the file)."""
    if not os.path.exists(path):
        return ""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for i, line in enumerate(lines):
        if line.startswith("## ") and line not in generated:
            return "\n".join(lines[i:])
    return ""


if __name__ == "__main__":
    main()
