"""Who may use each URL of the site, and how to build any of its URLs for the test world."""

import re

from django.urls import URLPattern, URLResolver, get_resolver, reverse

# Who may use each URL: public (anyone), account (anyone logged in), member (every member of
# the campaign; the action itself may still refuse), owner (the character's player and GMs),
# gm (GMs only). The read-only API is read with a token, never a session: token (anyone with a
# working token), token-member (a member's token; outsiders 404, players what their pages show).
RULES = {
    "home": "public", "accessibility": "public", "health_live": "public", "health_ready": "public", "signup": "public", "login": "public", "join": "public", "language": "public",
    "logout": "public", "ping": "account", "password_change": "account",
    "password_change_done": "account", "campaigns": "account",
    "account": "account", "email_change": "account", "email_resend": "account", "email_verify": "public",
    "password_reset": "public", "password_reset_done": "public", "password_reset_confirm": "public",
    "password_reset_complete": "public", "account_data": "account", "account_delete": "account", "campaign_create": "account", "campaign_import": "account",
    "campaign_export": "member",
    "campaign": "member", "live": "member", "live_stream": "member", "waiting": "member", "table": "member", "console": "gm",
    "call_for_roll": "gm", "market_tick": "gm", "new_day": "gm",
    "clocks": "member", "clock_panel": "member", "clock_create": "gm", "clock": "member",
    "clock_edit": "gm", "clock_tick": "member", "clock_reset": "gm", "clock_archive": "gm",
    "clock_undo": "gm",
    "character_create": "member", "character": "member", "character_print": "member",
    "character_history": "gm", "character_restore": "gm",
    "character_text": "owner", "character_dots": "owner", "character_finish": "owner",
    "character_momentum": "owner", "character_stress": "owner", "character_money": "owner", "character_back": "owner",
    "character_talent": "owner", "character_details": "owner", "character_tie": "owner", "character_tie_delete": "owner",
    "character_clock": "owner", "character_assist": "owner", "character_attachment": "owner",
    "character_hardened": "owner", "character_bow_out": "owner", "character_goal": "owner", "character_spell": "owner",
    "character_escalation": "gm", "character_asset": "gm", "character_opportunity": "gm", "character_deterioration": "gm",
    "rolls": "member", "roll_stats": "member", "roll_new": "member", "roll_fortune": "member",
    "roll_pending": "owner", "roll_odds": "owner", "roll_withdraw": "owner", "roll_set": "gm",
    "fortune_odds": "member", "roll_determination": "member", "determination_odds": "member",
    "roll_flashback": "member", "flashback_call": "owner", "flashback_pay": "owner", "flashback_withdraw": "owner",
    "flashback_price": "gm", "roll_loot": "member", "loot_odds": "member", "roll_market": "member", "roll": "member", "roll_progress": "member",
    "roll_consequence": "gm", "roll_accept": "member", "roll_resist": "member",
    "roll_protect": "member", "roll_break": "member", "roll_setup": "member", "roll_goal": "owner",
    "threat_add": "gm", "threat_clear": "gm",
    "party": "member", "party_detail": "member", "party_detail_shift": "member", "party_detail_track": "member", "party_detail_remove": "member",
    "party_clock_clear": "gm",
    "resources": "member", "resource_define": "gm", "resource_pool": "member", "resource_recap": "gm",
    "resource_expire": "gm",
    "world": "member", "world_table": "gm", "world_draw": "gm", "world_reveal": "gm", "world_mission": "gm",
    "playbooks": "member", "playbook_create": "gm", "playbook_edit": "gm",
    "making": "member", "making_setting": "gm", "making_facts": "gm", "making_fact": "gm", "making_forces": "gm",
    "making_group": "gm", "making_done": "gm", "making_together": "gm", "making_ask": "member", "force_ideas": "gm", "force_idea_remove": "gm",
    "safety": "member", "boundary_add": "member", "boundary_remove": "member", "x_card": "member",
    "x_card_dismiss": "gm", "session_zero": "gm",
    "campaign_archive": "gm", "campaign_restore": "gm", "campaign_delete": "gm", "campaign_hand_over": "gm",
    "notices_dismiss": "account",
    "connections": "gm", "connection_save": "gm", "connection_remove": "gm",
    "campaign_edit": "gm", "gm_notes": "gm", "dials": "gm", "milestone_award": "gm",
    "hack": "gm", "hack_export": "gm", "hack_preview": "gm", "hack_apply": "gm", "hack_new_campaign": "gm",
    "recovery": "gm", "members": "member", "member_role": "gm", "member_remove": "gm",
    "leave": "member", "invitation_create": "gm", "invitation_revoke": "gm",
    "forces": "member", "force_create": "gm", "force": "member", "force_edit": "gm",
    "force_reveal": "gm", "force_delete": "gm",
    "sessions": "member", "session_start": "gm", "plan_create": "gm", "plan_edit": "gm", "plan_cancel": "gm",
    "calendar_new": "member", "calendar_stop": "member", "calendar_feed": "public", "session": "member", "session_log": "member",
    "session_notes": "gm", "session_end": "gm", "session_summary": "gm", "session_recap": "member",
    "previously_on": "member",
    # Traits & Consequence (asked of a campaign on that system).
    "conflict_new": "member", "conflict": "member", "conflict_gm": "gm", "conflict_roll": "owner",
    "conflict_bid": "owner", "conflict_resolve": "owner", "conflict_damage": "owner", "conflict_confirm": "gm",
    "conflict_withdraw": "owner", "traits_stats": "owner", "traits_feature_add": "owner",
    "traits_feature_remove": "owner", "traits_pool": "gm", "traits_stat_list": "gm", "traits_aftermath": "gm",
    # Ability vs Difficulty (asked of a campaign on that system).
    "ability_action_new": "member", "ability_action_odds": "member", "ability_quick": "member", "ability_dangerous": "gm", "ability_action": "member",
    "ability_direct": "gm", "ability_help": "member", "ability_roll": "owner", "ability_withdraw": "owner",
    "ability_skill_add": "owner", "ability_skill_die": "owner", "ability_skill_remove": "owner",
    "ability_boost_add": "owner", "ability_boost_remove": "owner", "ability_gear": "owner", "ability_grit": "gm",
    # Advantage & Threat, likewise.
    "advantage_check_new": "member", "advantage_check": "member", "advantage_factor": "member",
    "advantage_factor_remove": "member", "advantage_confirm": "gm", "advantage_roll": "owner", "advantage_spend": "owner",
    "advantage_done": "owner", "advantage_withdraw": "owner", "advantage_threat_add": "gm",
    "advantage_threat_change": "gm", "advantage_threat_remove": "gm", "advantage_job_start": "gm", "advantage_job_end": "gm",
    "advantage_skill_add": "owner", "advantage_rank": "owner", "advantage_expertise_add": "owner",
    "advantage_entry_add": "owner", "advantage_feature_add": "owner", "advantage_entry_remove": "owner",
    "advantage_drive": "owner", "advantage_trauma": "owner", "advantage_heal": "gm", "advantage_ap_spend": "owner",
    "advantage_ap_set": "gm", "advantage_adrenaline": "gm", "advantage_ap_advance": "gm",
    "advantage_crew_clocks": "gm", "advantage_crew_tick": "gm",
    # The read-only API (api/), and the account page's tokens.
    "api_schema": "public", "api_token_create": "account", "api_token_revoke": "account",
    "api_campaigns": "token", "api_characters": "token-member", "api_clocks": "token-member",
    "api_sessions": "token-member", "api_rolls": "token-member",
}
TOKEN_RULES = {"token": "account", "token-member": "member"}
"""The API's rules, and the rule of a page they stand for once the token is shown."""

def routes() -> dict[str, str]:
    """Every named URL pattern and its full route, walked from the URL configuration."""
    def walk(patterns, prefix=""):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                yield from walk(pattern.url_patterns, prefix + str(pattern.pattern))
            elif isinstance(pattern, URLPattern) and pattern.name:
                yield pattern.name, prefix + str(pattern.pattern)
    return dict(walk(get_resolver().url_patterns))


def url_names():
    return sorted(routes())


def url_for(name, kwargs):
    needed = re.findall(r"<(?:\w+:)?(\w+)>", routes()[name])
    return reverse(name, kwargs={key: kwargs[key] for key in needed})
