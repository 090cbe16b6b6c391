// What the engine needs from crypto-js (SHA-256 and HMAC-SHA256, hex), without the whole library:
// the site build resolves the engine's `crypto-js` import here to keep the playground small.
import CryptoJS from 'crypto-js/core';
import 'crypto-js/sha256';
import 'crypto-js/hmac';
import 'crypto-js/hmac-sha256';

export default CryptoJS;
