"""A printable exercise sheet and its answer key, as self-contained HTML pages.

:func:`sheet_html` writes the questions (their facts, picture and a blank box to answer
in) or, with ``key=True``, the same questions followed by each answer and its worked
table. Nothing in a page depends on the time or the machine, so the same seed gives
the same bytes. Print it from the browser (A4 or Letter; each question stays on one
page), or write PDF with :func:`sheet_pdf` (WeasyPrint, an optional extra).
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from searchlab.durable import atomic_write
from searchlab.errors import InputError
from searchlab.i18n import _, current
from searchlab.teaching.exercises import Question

STYLE = """
body{font-family:system-ui,sans-serif;max-width:52rem;margin:1.5rem auto;padding:0 1rem;
color:#111;line-height:1.4}
h1{font-size:1.4rem;margin:0 0 .3rem}
.meta{color:#555;margin:0 0 1rem}
section{border-top:1px solid #999;padding:.6rem 0 1rem;break-inside:avoid;page-break-inside:avoid}
h2{font-size:1.05rem;margin:.2rem 0}
.facts{margin:.3rem 0;font-size:.92rem}
.prompt{font-weight:600}
figure{margin:.4rem 0}
figure svg{max-width:100%;height:auto}
.blank{border:1px dashed #888;min-height:7rem;margin-top:.5rem;border-radius:4px}
.answer{color:#064;font-weight:600}
.rule{color:#444;font-size:.9rem}
table{border-collapse:collapse;font-size:.82rem;margin:.4rem 0}
th,td{border:1px solid #bbb;padding:.15rem .35rem;text-align:left;vertical-align:top}
th{background:#eee}
@media print{body{margin:0;max-width:none}a{color:inherit;text-decoration:none}}
"""


def sheet_html(questions: list[Question], title: str, *, key: bool = False) -> str:
    """The sheet (blank answer boxes) or its answer key (answers and worked solutions)."""
    heading = title + (" — " + _("answer key") if key else "")
    out = [
        "<!DOCTYPE html>",
        f'<html lang="{current()}"><head><meta charset="utf-8">',
        f"<title>{escape(heading)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{escape(heading)}</h1>",
    ]
    if not key:
        out.append('<p class="meta">' + escape(_("Name:")) + " " + "_" * 40 + "</p>")
    for i, q in enumerate(questions, 1):
        out.append(f'<section data-role="question" id="q{i}">')
        out.append(f"<h2>{escape(_('Question {i}').format(i=i))}</h2>")
        out.append('<div class="facts">' + "<br>".join(escape(f) for f in q.facts) + "</div>")
        out.append(f"<figure>{q.picture}</figure>")
        if q.data.get("node_picture"):
            out.append(f"<figure>{q.data['node_picture']}</figure>")
        out.append(f'<p class="prompt">{escape(q.prompt)}</p>')
        if key:
            out.append(
                '<p class="answer">'
                + escape(_("Answer: {answer}").format(answer=q.answer))
                + "</p>"
            )
            out.append(f'<p class="rule">{escape(q.rule)}</p>')
            out.append(worked_table(q))
            out.extend(f"<p>{escape(line)}</p>" for line in q.conclusion)
        else:
            out.append('<div class="blank"></div>')
        out.append("</section>")
    out.append("</body></html>\n")
    return "\n".join(out)


def sheet_pdf(html: str) -> bytes:
    """The page as PDF through WeasyPrint (the optional extra ``searchlab[pdf]``: no
    browser involved); a one-line InputError when it is not installed."""
    try:
        import weasyprint  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        raise InputError(
            _(
                "a PDF needs WeasyPrint: pip install 'searchlab[pdf]', or write --sheet "
                "FILE.html and print it from the browser"
            )
        ) from None
    pdf: bytes = weasyprint.HTML(string=html).write_pdf()
    return pdf


def worked_table(q: Question) -> str:
    head = "".join(f"<th>{escape(c)}</th>" for c in q.columns)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>" for row in q.rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def key_path(path: str) -> str:
    """``sheet.html`` -> ``sheet-key.html``."""
    p = Path(path)
    return str(p.with_name(p.stem + "-key" + (p.suffix or ".html")))


def write_atomic(path: str, text: str | bytes) -> None:
    """Write ``text`` to ``path`` with :func:`searchlab.durable.atomic_write` (temporary
    file, fsync, rename, fsync of the folder; a device such as /dev/null in place)."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    with atomic_write(path) as tmp:
        tmp.write_bytes(data)
