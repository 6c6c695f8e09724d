"""The PDF export: a real PDF, with the page's words in it."""

from nyballot.export.pdf import html_to_pdf


def test_a_page_becomes_a_pdf_with_its_words() -> None:
    pdf = html_to_pdf("<!doctype html><title>t</title><p>Designating petitions § 6-158(1)</p>")
    assert pdf.startswith(b"%PDF-")
    assert b"%%EOF" in pdf[-32:]


def test_nothing_outside_the_document_is_fetched() -> None:
    # An image from the network is skipped, not fetched: the PDF is still made.
    pdf = html_to_pdf('<!doctype html><img src="http://192.0.2.1/x.png"><p>ok</p>')
    assert pdf.startswith(b"%PDF-")
