"""In-repo fakes for tests: a recording Slack Web API on loopback."""
