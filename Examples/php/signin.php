<?php
// Sign in with Apple, the server's part, in PHP: the sign-in page. Every view gets a fresh
// state and nonce in siwa-buttons' snippet; callback.php accepts the answer only with both.
//
// Put a `siwa-buttons generate` output (made with
// --redirect-uri https://YOUR-SITE/callback.php) beside these two files, and serve them
// over https (the cookie is Secure). require 'headers.php' sets the CSP recipe.
require __DIR__ . '/headers.php';

$fresh = fn () => rtrim(strtr(base64_encode(random_bytes(32)), '+/', '-_'), '=');
$state = $fresh();
$nonce = $fresh();
// SameSite=None: in the redirect flow Apple posts the answer from its own site.
setcookie('siwa', "$state.$nonce", ['expires' => time() + 600, 'path' => '/', 'secure' => true,
    'httponly' => true, 'samesite' => 'None']);
header('Cache-Control: no-store');
$file = isset($_GET['nojs']) ? 'snippet-nojs.html' : 'snippet.html';
echo strtr(file_get_contents(__DIR__ . '/' . $file), ['__SIWA_STATE__' => $state, '__SIWA_NONCE__' => $nonce]);
