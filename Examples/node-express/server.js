// Sign in with Apple, the server's part, with Express: every page view gets a fresh state
// and nonce in siwa-buttons' snippet, and the answer is only accepted with both.
//
//   npm install express cookie-parser jose
//   APPLE_CLIENT_ID=com.example.web node server.js DIST
//
// DIST is a `siwa-buttons generate` output made with
// --redirect-uri https://YOUR-SITE/auth/apple/callback. Serve it over https (the cookie is Secure).
'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const express = require('express');
const cookieParser = require('cookie-parser');
const { createRemoteJWKSet, jwtVerify } = require('jose');

const dist = process.argv[2];
const clientId = process.env.APPLE_CLIENT_ID; // the Services ID: the id_token's audience
const appleKeys = createRemoteJWKSet(new URL('https://appleid.apple.com/auth/keys'));
// README "Content-Security-Policy", images on this origin.
const policy = "default-src 'self'; script-src 'self' https://appleid.cdn-apple.com; " +
  "style-src 'self' 'unsafe-inline'; font-src 'self' data:; img-src 'self'; " +
  "connect-src 'self' https://appleid.apple.com; frame-src https://appleid.apple.com; " +
  "form-action 'self' https://appleid.apple.com; base-uri 'none'; object-src 'none'";
// SameSite=None: in the redirect flow Apple posts the answer from its own site.
const cookie = { httpOnly: true, secure: true, sameSite: 'none', path: '/' };

const fresh = () => crypto.randomBytes(32).toString('base64url');
const same = (a, b) => typeof a === 'string' && typeof b === 'string' &&
  Buffer.byteLength(a) === Buffer.byteLength(b) && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

const app = express();
app.use((req, res, next) => {
  res.set('Content-Security-Policy', policy);
  res.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups'); // keeps the popup's answer coming
  next();
});

for (const [route, file] of [['/', 'snippet.html'], ['/nojs', 'snippet-nojs.html']]) {
  app.get(route, (req, res) => {
    const state = fresh();
    const nonce = fresh();
    const page = fs.readFileSync(path.join(dist, file), 'utf8')
      .replaceAll('__SIWA_STATE__', state).replaceAll('__SIWA_NONCE__', nonce);
    res.cookie('siwa', `${state}.${nonce}`, { ...cookie, maxAge: 10 * 60 * 1000 });
    res.set('Cache-Control', 'no-store').type('html').send(page);
  });
}
app.use(express.static(dist, { index: false })); // siwa-init.js, the element and the images

// Apple's one-time `user`, by the id_token's sub (a real site keeps it in its database).
const firstUsers = new Map();
function keepFirstUser(sub, user) {
  if (firstUsers.has(sub) || typeof user !== 'string' || user.length > 4096) return false;
  try {
    const parsed = JSON.parse(user);
    if (!parsed || typeof parsed !== 'object') return false;
    firstUsers.set(sub, { name: parsed.name ?? null, unsignedEmail: parsed.email ?? null });
    return true;
  } catch {
    return false;
  }
}

// For <apple-signin-button session-url> and siwa-signin.js: fresh state and nonce for one sign-in.
app.post('/auth/apple/session', (req, res) => {
  const state = fresh();
  const nonce = fresh();
  res.cookie('siwa', `${state}.${nonce}`, { ...cookie, maxAge: 10 * 60 * 1000 });
  res.set('Cache-Control', 'no-store').json({ state, nonce });
});

app.post('/auth/apple/callback', express.urlencoded({ extended: false }), cookieParser(), async (req, res) => {
  const [state, nonce] = (req.cookies.siwa || '').split('.');
  res.clearCookie('siwa', cookie); // each pair works once
  if (!state || !same(req.body.state, state)) {
    return res.status(400).type('text').send("Refused: the state is not this visitor's.");
  }
  try {
    // Signature (Apple's keys), issuer, audience and expiry, then this visitor's nonce.
    const { payload } = await jwtVerify(req.body.id_token, appleKeys,
      { issuer: 'https://appleid.apple.com', audience: clientId });
    if (!same(payload.nonce, nonce)) throw new Error('nonce');
    // Signed in: payload.sub is the user's stable id at Apple. On the first sign-in only,
    // Apple also posts `user` (name, e-mail) outside the id_token: unsigned. Keep it once
    // by sub, for display; the e-mail that counts is the token's (payload.email).
    const stored = keepFirstUser(payload.sub, req.body.user);
    res.type('text').send(`Signed in as ${payload.sub}${stored ? ' (first sign-in: name stored, unsigned)' : ''}`);
  } catch {
    res.status(400).type('text').send('Refused: the id_token is not valid for this visitor.');
  }
});

app.listen(Number(process.env.PORT) || 8080);
