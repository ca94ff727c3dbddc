import pytest

from traits.models import Feature, FeatureKind, Sheet


@pytest.fixture
def traits_table(table):
    """The shared table, playing Traits & Consequence: Ada has Muscle 3, Focus 2, Speed 3, a
    Power, two Traits (one ©-tagged) and an Item."""
    campaign = table.campaign
    campaign.system = "traits"
    campaign.save()
    sheet = Sheet.objects.get(character=table.character)
    sheet.stats = {"Muscle": {"rating": 3, "current": 3}, "Focus": {"rating": 2, "current": 2},
                   "Speed": {"rating": 3, "current": 3}}
    sheet.save()
    ada = table.character
    table.power = Feature.objects.create(character=ada, kind=FeatureKind.POWER, name="Super-Strength", value=2,
                                         applies_to="lifting, punching")
    table.trait = Feature.objects.create(character=ada, kind=FeatureKind.TRAIT, name="Nasty Uppercut")
    table.tagged = Feature.objects.create(character=ada, kind=FeatureKind.TRAIT, name="Horribly nearsighted",
                                          tagged=True)
    table.item = Feature.objects.create(character=ada, kind=FeatureKind.ITEM, name="Rapier", value=2)
    return table
