"""Sign in with Apple, the server's part, with Flask: every page view gets a fresh state
and nonce in siwa-buttons' snippet, and the answer is only accepted with both.

    pip install flask "pyjwt[crypto]"
    APPLE_CLIENT_ID=com.example.web SIWA_DIST=DIST flask --app app run

SIWA_DIST is a `siwa-buttons generate` output made with
--redirect-uri https://YOUR-SITE/auth/apple/callback. Serve it over https (the cookie is Secure).
"""

import hmac
import json
import os
import secrets

import jwt
from flask import Flask, make_response, request, send_from_directory

DIST = os.environ["SIWA_DIST"]
CLIENT_ID = os.environ["APPLE_CLIENT_ID"]  # the Services ID: the id_token's audience
APPLE_KEYS = jwt.PyJWKClient("https://appleid.apple.com/auth/keys")
# README "Content-Security-Policy", images on this origin.
POLICY = (
    "default-src 'self'; script-src 'self' https://appleid.cdn-apple.com; "
    "style-src 'self' 'unsafe-inline'; font-src 'self' data:; img-src 'self'; "
    "connect-src 'self' https://appleid.apple.com; frame-src https://appleid.apple.com; "
    "form-action 'self' https://appleid.apple.com; base-uri 'none'; object-src 'none'"
)

app = Flask(__name__, static_folder=None)


@app.after_request
def security_headers(response):
    response.headers["Content-Security-Policy"] = POLICY
    response.headers["Cross-Origin-Opener-Policy"] = "same-origin-allow-popups"  # keeps the popup's answer coming
    return response


def signin_page(name):
    state, nonce = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
    with open(os.path.join(DIST, name), encoding="utf-8") as f:
        page = f.read().replace("__SIWA_STATE__", state).replace("__SIWA_NONCE__", nonce)
    response = make_response(page)
    response.headers["Cache-Control"] = "no-store"
    # SameSite=None: in the redirect flow Apple posts the answer from its own site.
    response.set_cookie("siwa", f"{state}.{nonce}", max_age=600, secure=True, httponly=True, samesite="None")
    return response


@app.get("/")
def index():
    return signin_page("snippet.html")


@app.get("/nojs")
def nojs():
    return signin_page("snippet-nojs.html")


@app.get("/<path:name>")
def files(name):  # siwa-init.js and the images
    return send_from_directory(DIST, name)


# Apple's one-time `user`, by the id_token's sub (a real site keeps it in its database).
FIRST_USERS = {}


def keep_first_user(sub, user):
    if sub in FIRST_USERS or not user or len(user) > 4096:
        return False
    try:
        parsed = json.loads(user)
    except ValueError:
        return False
    if not isinstance(parsed, dict):
        return False
    FIRST_USERS[sub] = {"name": parsed.get("name"), "unsigned_email": parsed.get("email")}
    return True


@app.post("/auth/apple/session")
def session():  # for <apple-signin-button session-url> and siwa-signin.js
    state, nonce = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
    response = make_response({"state": state, "nonce": nonce})
    response.headers["Cache-Control"] = "no-store"
    response.set_cookie("siwa", f"{state}.{nonce}", max_age=600, secure=True, httponly=True, samesite="None")
    return response


@app.post("/auth/apple/callback")
def callback():
    state, _, nonce = request.cookies.get("siwa", "").partition(".")

    def refuse(why):
        response = make_response(f"Refused: {why}", 400)
        response.delete_cookie("siwa", secure=True, httponly=True, samesite="None")  # each pair works once
        return response

    if not state or not nonce or not hmac.compare_digest(request.form.get("state", ""), state):
        return refuse("the state is not this visitor's.")
    token = request.form.get("id_token", "")
    try:
        # Signature (Apple's keys), issuer, audience and expiry, then this visitor's nonce.
        key = APPLE_KEYS.get_signing_key_from_jwt(token)
        claims = jwt.decode(token, key, algorithms=["RS256"], audience=CLIENT_ID, issuer="https://appleid.apple.com")
    except jwt.PyJWTError:
        return refuse("the id_token is not valid.")
    if not hmac.compare_digest(str(claims.get("nonce", "")), nonce):
        return refuse("the id_token does not carry this visitor's nonce.")
    # Signed in: claims["sub"] is the user's stable id at Apple. On the first sign-in only,
    # Apple also posts `user` (name, e-mail) outside the id_token: unsigned. Keep it once
    # by sub, for display; the e-mail that counts is the token's (claims["email"]).
    stored = keep_first_user(claims["sub"], request.form.get("user", ""))
    response = make_response(f"Signed in as {claims['sub']}" + (" (first sign-in: name stored, unsigned)" if stored else ""))
    response.mimetype = "text/plain"
    response.delete_cookie("siwa", secure=True, httponly=True, samesite="None")
    return response
