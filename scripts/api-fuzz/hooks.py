"""
Rules of the published API that JSON Schema cannot state, taught to Schemathesis's generator so
that the requests it calls valid are valid (README, "API fuzzing"). Each rule here is also in
the OpenAPI description of its operation; the server enforces it with a 400 and the spec's text.
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
    if path == "/api/update-profile" and isinstance(body, dict):
        # Spec 002 section 5, Profile: every field is checked, each with its message.
        _follow_profile_rules(body)
    if path == "/api/provider-messages" and isinstance(body, dict):
        # Spec 002, Doctor chat: a message needs text or a file.
        attachments = body.get("attachments")
        message = body.get("message")
        if not attachments and not (isinstance(message, str) and message.strip()):
            body["message"] = "Hello doctor"
    if path == "/api/console/doctor-messages/{userId}" and isinstance(body, dict):
        # The clinician's answer, likewise: text or a file.
        attachments = body.get("attachments")
        message = body.get("message")
        if not attachments and not (isinstance(message, str) and message.strip()):
            body["message"] = "Hello patient"
    if path == "/api/update-password" and isinstance(body, dict):
        # The two entries of a new password are the same.
        if isinstance(body.get("newPassword"), str):
            body["confirmPassword"] = body["newPassword"]
    return body


_PROFILE_CATEGORIES = {"MIND", "BODY", "WEIGHT", "SEX", "LONGEVITY", "SKIN", "HAIR"}


def _follow_profile_rules(body):
    for name, fallback in (("first_name", "Pat"), ("last_name", "Lee")):
        if not (isinstance(body.get(name), str) and body[name].strip()):
            body[name] = fallback
    email = body.get("email")
    if not (isinstance(email, str) and "@" in email and " " not in email.strip()
            and "." in email.strip().split("@")[-1] and len(email) <= 256):
        body["email"] = "profile-fuzz@example.com"
    phone = body.get("phone")
    if not (isinstance(phone, str) and phone.strip().isdigit() and len(phone.strip()) == 10):
        body["phone"] = "4155550100"
    if not (isinstance(body.get("gender"), str) and body["gender"].strip().lower() in ("male", "female")):
        body["gender"] = "Female"
    weight = _number(body.get("weight"))
    if weight is None or not 1 <= weight <= 999 or isinstance(body.get("weight"), bool):
        body["weight"] = 180
    height = _number(body.get("height_inch"))
    if height is None or not 1 <= height <= 107 or isinstance(body.get("height_inch"), bool):
        body["height_inch"] = 66
    categories = body.get("preferred_categories")
    if isinstance(categories, list):
        body["preferred_categories"] = [
            c for c in categories if isinstance(c, str) and c.strip().upper() in _PROFILE_CATEGORIES
        ]
