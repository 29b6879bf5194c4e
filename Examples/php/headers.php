<?php
// README "Content-Security-Policy", images on this origin; the opener policy keeps the
// popup's answer coming.
header("Content-Security-Policy: default-src 'self'; script-src 'self' https://appleid.cdn-apple.com; "
    . "style-src 'self' 'unsafe-inline'; font-src 'self' data:; img-src 'self'; "
    . "connect-src 'self' https://appleid.apple.com; frame-src https://appleid.apple.com; "
    . "form-action 'self' https://appleid.apple.com; base-uri 'none'; object-src 'none'");
header('Cross-Origin-Opener-Policy: same-origin-allow-popups');
