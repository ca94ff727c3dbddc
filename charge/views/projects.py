"""Projects and complications: a new clock on the sheet."""

from django.contrib.auth.decorators import login_required
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from characters.views import own_sheet
from charge.actions import projects as actions
from charge.forms.projects import ProjectForm
from charge.views.sheet import sheet_answer
from core.keys import once


@login_required
@require_POST
def character_clock(request, campaign_id, character_id):
    membership, character = own_sheet(request, campaign_id, character_id)
    form = ProjectForm(request.POST, campaign=membership.campaign, gm=membership.is_gm)
    if not form.is_valid():
        return sheet_answer(request, membership, character, "projects",
                            _("Name the project and choose its size from the campaign's clock sizes."),
                            project_form=form)
    once(request, lambda: actions.add_clock(membership, character, **form.cleaned_data))
    return sheet_answer(request, membership, character, "projects")
