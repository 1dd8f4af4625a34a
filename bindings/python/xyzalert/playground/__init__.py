"""The policy playground: ``python -m xyzalert.playground [--port N] [FILE]``
serves a page (on 127.0.0.1 only) where an alert set scenario is edited
and simulated as it is typed: the timeline, the events, every alert's
reason at any step, campaign triggers and skips, and errors marked at
their line. docs/playground.md describes it; ``server`` has the API."""
