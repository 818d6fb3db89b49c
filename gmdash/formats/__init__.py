"""Readers of foreign formats: text in, sheets out, no I/O.

A printed stat block (`statblock`) and a Foundry VTT RuneQuest actor (`foundry`) are read into a
sheet in gmdash's exchange format (docs/character-schema.md), with a `Reading` beside it that
says what was read, what was not, what was assumed and where the source's own numbers differ
from gmdash's. Nothing here opens a file or a campaign: the store reads files, `gmdash.play`
checks a sheet against its campaign and saves it.
"""
