"""The runners of play: what the CLI, the dashboard and the tests call to change a campaign.

Kept empty so that importing one runner does not load the others (start-up stays lean).
"""
