"""The load a serving plan is sized for when the user gave no concurrency or request rate.

Daily active users become a peak request rate, which Little's law (serve_plan) turns into requests in
flight with the plan's own latencies:

    peak requests/s = daily users × requests per user per day / busy seconds per day × peak-to-average

The three constants are assumptions, stated in every answer that uses them, for a chat or support
assistant: 5 requests per active user per day (a short conversation), a business day of 8 busy hours,
and a peak hour at twice the busy-hours average (call-centre and web traffic typically peak at 1.5-3×
the daily average). Say your own numbers (concurrency or QPS) and they replace all three.

A request volume ("50k requests a day", "每月 300 万次调用") needs no per-user assumption: the same busy
hours and peak factor turn it into the peak rate. It is the more direct measure, so when a user gives both
users and requests, the requests are sized (with_daily_load in serve_plan).
"""

from __future__ import annotations

REQUESTS_PER_USER_PER_DAY = 5.0
BUSY_HOURS_PER_DAY = 8.0
PEAK_TO_AVERAGE = 2.0
# Without any load the chat answer sizes for a pilot: 10 requests in flight [assumption: a small team
# or a first deployment; the answer says so and asks for the real load].
DEFAULT_CONCURRENCY = 10


def peak_qps(daily_users: int) -> float:
    """Requests per second at the busiest hour for `daily_users` active users a day."""
    return peak_qps_from_requests(daily_users * REQUESTS_PER_USER_PER_DAY)


def peak_qps_from_requests(daily_requests: float) -> float:
    """Requests per second at the busiest hour for `daily_requests` requests a day (a month's or an hour's
    count is turned into a day's by the reader: a month is assumptions.DAYS_PER_MONTH days, an hour is an
    average busy hour)."""
    return daily_requests / (BUSY_HOURS_PER_DAY * 3600.0) * PEAK_TO_AVERAGE
