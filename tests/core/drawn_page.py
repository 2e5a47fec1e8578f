"""The page model as the glue draws it: every ``Changes`` it answers with each place's value rendered by raglab.ui
(web/lab_page.py's ``draw`` does the same), so a test reads what the visitor's page holds."""

from raglab.page import PageModel
from raglab.ui.places_html import render_changes


class DrawnPage(PageModel):
    def changes(self, *args, **kwargs):
        return render_changes(super().changes(*args, **kwargs))
