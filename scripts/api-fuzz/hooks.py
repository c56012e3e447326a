"""
Rules of the published API that JSON Schema cannot state, taught to Schemathesis's generator so
that the requests it calls valid are valid (README, "API fuzzing"): rules between two fields
(the goal weight below the current one, a real calendar date, a password typed twice). Each is
also in the OpenAPI description of its operation; the server enforces it with a 400 and the
spec's text. A rule the schema can say is said there instead (update-profile's fields, a
doctor message's text or file), so it needs no hook.
"""
import datetime

import schemathesis


def _number(value):
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


@schemathesis.hook
def before_call(ctx, case, **kwargs):
    """Every phase calls through here (the coverage phase does not map bodies)."""
    case.body = _follow_rules(case.operation.path, case.body)


def _follow_rules(path, body):
    if path == "/api/intake-form" and isinstance(body, dict):
        # Spec 000 section 5: the goal weight is below the current weight.
        weight = _number(body.get("weight"))
        desired = _number(body.get("desired_weight"))
        if weight is not None and desired is not None and 80 <= weight <= 700 and desired >= weight:
            if weight < 81:
                body["weight"], body["desired_weight"] = 81, 80
            else:
                body["desired_weight"] = max(80, weight - 1)
        # A real calendar date, not in the future (the schema bounds each part on its own).
        dob = body.get("dob")
        if isinstance(dob, dict):
            day, year = _number(dob.get("dd")), _number(dob.get("yyyy"))
            if day is not None and 1 <= day <= 31 and day > 28:
                dob["dd"] = 28
            if year is not None and year >= datetime.date.today().year:
                dob["yyyy"] = datetime.date.today().year - 1
    if path == "/api/update-password" and isinstance(body, dict):
        # The two entries of a new password are the same.
        if isinstance(body.get("newPassword"), str):
            body["confirmPassword"] = body["newPassword"]
    return body
