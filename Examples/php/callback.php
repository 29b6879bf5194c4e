<?php
// Sign in with Apple, the server's part, in PHP: the redirect URI. The answer must carry
// this visitor's state, and its id_token (checked with Apple's keys) this visitor's nonce.
//
//   composer require firebase/php-jwt
//   APPLE_CLIENT_ID=com.example.web (the Services ID: the id_token's audience)
require __DIR__ . '/vendor/autoload.php';
require __DIR__ . '/headers.php';

use Firebase\JWT\JWK;
use Firebase\JWT\JWT;

[$state, $nonce] = array_pad(explode('.', $_COOKIE['siwa'] ?? '', 2), 2, '');
// Each pair works once.
setcookie('siwa', '', ['expires' => 1, 'path' => '/', 'secure' => true, 'httponly' => true, 'samesite' => 'None']);
header('Content-Type: text/plain; charset=utf-8');

function refuse(string $why): never
{
    http_response_code(400);
    exit("Refused: $why");
}

if ($state === '' || $nonce === '' || !hash_equals($state, (string) ($_POST['state'] ?? ''))) {
    refuse("the state is not this visitor's.");
}
try {
    // Signature (Apple's keys) and expiry, then issuer, audience and this visitor's nonce.
    $keys = JWK::parseKeySet(json_decode(file_get_contents('https://appleid.apple.com/auth/keys'), true));
    $claims = JWT::decode((string) ($_POST['id_token'] ?? ''), $keys);
} catch (Exception $error) {
    refuse('the id_token is not valid.');
}
if ($claims->iss !== 'https://appleid.apple.com' || $claims->aud !== getenv('APPLE_CLIENT_ID')
    || !hash_equals($nonce, (string) ($claims->nonce ?? ''))) {
    refuse("the id_token is not for this site or this visitor.");
}
// Signed in: $claims->sub is the user's stable id at Apple. On the first sign-in only,
// Apple also posts `user` (name, e-mail) outside the id_token: unsigned. Keep it once by
// sub, for display; the e-mail that counts is the token's ($claims->email). A real site
// keeps it in its database; this example in a JSON file beside it.
$stored = false;
$user = json_decode((string) ($_POST['user'] ?? ''), true);
if (is_array($user) && strlen((string) $_POST['user']) <= 4096) {
    $file = __DIR__ . '/first-users.json';
    $users = is_file($file) ? (json_decode((string) file_get_contents($file), true) ?: []) : [];
    if (!isset($users[$claims->sub])) {
        $users[$claims->sub] = ['name' => $user['name'] ?? null, 'unsigned_email' => $user['email'] ?? null];
        $stored = file_put_contents($file . '.tmp', json_encode($users)) !== false && rename($file . '.tmp', $file);
    }
}
echo "Signed in as {$claims->sub}" . ($stored ? ' (first sign-in: name stored, unsigned)' : '');
