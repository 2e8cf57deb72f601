"""Rendering: jinja2 templates to Slack mrkdwn, Block Kit and views (text.py), number formats
(formats.py), display-ready views of engine results and knowledge records (views.py), the
cost-versus-time chart (chart.py) and mrkdwn for a terminal (terminal.py)."""
