"""TLS conditions: protocol version, cipher, key size and type, session reuse."""

from __future__ import annotations

import re

from claimcheck import lazyre
from claimcheck.extract.conditions.base import Ctx, RawCondition, gated

_I = re.IGNORECASE
_W = r"[ \t]+"

TLS_VERSION_RE = lazyre.compile(
    r"(?<![A-Za-z0-9_])(?P<p>TLS|SSL)[ \t]?(?:v(?:ersion)?[ \t]?)?(?P<v>\d(?:\.\d)?)(?!\d)(?!\.\d)",
    _I,
)


def norm_tls_version(proto: str, version: str) -> str | None:
    """ "TLS" + "1.3" -> "TLS1.3"; "SSL" + "3.0" -> "SSL3"; "TLS" + "1" -> "TLS1.0"."""
    proto = proto.upper()
    if proto == "SSL":
        major = version.split(".")[0]
        return f"SSL{major}" if major in ("2", "3") else None
    if version in ("1", "1.0", "1.1", "1.2", "1.3"):
        return "TLS" + (version if "." in version else version + ".0")
    return None


TLS_VERSION_WORDS = ("tls", "ssl")


@gated(*TLS_VERSION_WORDS)
def tls_version(ctx: Ctx) -> list[RawCondition]:
    """ "TLS 1.3", "TLSv1.2", "SSLv3" -> "TLS1.3", "TLS1.2", "SSL3"."""
    out = []
    for m in ctx.finditer(TLS_VERSION_RE):
        v = norm_tls_version(m.group("p"), m.group("v"))
        if v:
            out.append(ctx.make("tls_version", v, m.start(), m.end()))
    return out


# --- cipher ---------------------------------------------------------------------------------

IANA_CIPHER_RE = lazyre.compile(
    r"(?<![\w-])(?:TLS|SSL)_[A-Za-z0-9]{1,20}(?:_[A-Za-z0-9]{1,20}){2,12}(?![\w-])"
)
OPENSSL_CIPHER_RE = lazyre.compile(
    r"(?<![\w-])[A-Za-z0-9]{2,12}(?:-[A-Za-z0-9]{1,12}){1,7}(?![\w-])"
)
CIPHER_HEADS = lazyre.compile(
    r"(?:EC)?DHE?|EDH|ADH|AECDH|ECDH|RSA|PSK|SRP|AES(?:128|256)?|3?DES|CAMELLIA(?:128|256)?"
    r"|CHACHA20|RC4|IDEA|SEED|EXP|NULL|ARIA(?:128|256)?",
    _I,
)
CIPHER_TAILS = ("SHA", "MD5", "GCM", "CCM", "POLY1305", "CBC")


def is_cipher(name: str) -> bool:
    """True for an OpenSSL or IANA cipher-suite name."""
    up = name.upper()
    if not any(t in up for t in CIPHER_TAILS):
        return False
    if up.startswith(("TLS_", "SSL_")):
        return True
    return bool(CIPHER_HEADS.fullmatch(up.split("-")[0]))


CIPHER_WORDS = ("sha", "md5", "gcm", "ccm", "poly", "cbc")


@gated(*CIPHER_WORDS)
def cipher(ctx: Ctx) -> list[RawCondition]:
    """Cipher suites as written, uppercased: "AES256-SHA", "TLS_AES_256_GCM_SHA384"."""
    out = []
    for rx in (IANA_CIPHER_RE, OPENSSL_CIPHER_RE):
        for m in ctx.finditer(rx):
            if is_cipher(m.group(0)):
                out.append(ctx.make("cipher", m.group(0).upper(), m.start(), m.end()))
    return out


# --- key size and type ------------------------------------------------------------------------

_KT = r"(?P<kt>RSA|ECDSA|ECC|DSA|DH)"
_SIZE = r"(?P<n>\d{3,5}|[1-8][ \t]?[Kk])"
_KEYWORD = r"(?:keys?|key[ \t]+(?:sizes?|lengths?)|certificates?|certs?|modulus)\b"
KEY_SIZE_RES = [
    lazyre.compile(rf"(?<![\w.,]){_SIZE}[ \t-]?bits?[ \t-]+(?:{_KT}[ \t-]+)?{_KEYWORD}", _I),
    lazyre.compile(rf"(?<![\w.,]){_SIZE}[ \t-]?bits?[ \t-]+{_KT}\b", _I),
    lazyre.compile(rf"(?<![\w-]){_KT}[ \t-]?(?P<n>\d{{3,5}})(?!\w|\.\w)"),
    lazyre.compile(rf"(?<![\w.,])(?P<n>[1-8][ \t]?[Kk])[ \t-]+(?:{_KT}[ \t-]+)?keys?\b", _I),
    lazyre.compile(rf"\bkey{_W}(?:size|length)s?[ \t]*(?:of{_W}|was{_W}|is{_W}|[:=][ \t]*)?"
               rf"(?P<n>\d{{3,5}})(?:[ \t-]?bits?)?\b", _I),
]  # fmt: skip


def key_bits(s: str) -> int | None:
    """Bits in "2048", "2K", "4 k"; None for implausible key sizes."""
    s = s.replace(" ", "").replace("\t", "").upper()
    try:
        n = int(s[:-1]) * 1024 if s.endswith("K") else int(s)
    except ValueError:
        return None
    return n if 160 <= n <= 16384 else None


KEY_SIZE_WORDS = ("key", "bit", "rsa", "dsa", "dh", "cert", "modulus")


@gated(*KEY_SIZE_WORDS)
def key_size(ctx: Ctx) -> list[RawCondition]:
    """Key size in bits: "2048 bit key", "2K key" (2048), "RSA-4096", "2048-bit keys"."""
    out = []
    for rx in KEY_SIZE_RES:
        for m in ctx.finditer(rx):
            n = key_bits(m.group("n"))
            if n:
                out.append(ctx.make("key_size", n, m.start(), m.end()))
    return out


KEY_TYPE_RE = lazyre.compile(
    r"(?<![\w-])(?P<t>RSA|ECDSA|ECC|DSA|Ed25519|Ed448|X25519|X448|P-256|P-384|P-521|secp256r1"
    r"|secp384r1|secp521r1|prime256v1)(?!\w|-(?!\d))",
    _I,
)
KEY_TYPE_NAMES = {"ECC": "ECDSA", "SECP256R1": "P-256", "PRIME256V1": "P-256",
                  "SECP384R1": "P-384", "SECP521R1": "P-521"}  # fmt: skip


KEY_TYPE_WORDS = ("rsa", "dsa", "ecc", "25519", "448", "p-", "secp", "prime256")


@gated(*KEY_TYPE_WORDS)
def key_type(ctx: Ctx) -> list[RawCondition]:
    """ "RSA", "ECDSA", "X25519", "P-256" (curve names normalised)."""
    out = []
    for m in ctx.finditer(KEY_TYPE_RE):
        up = m.group("t").upper()
        value = KEY_TYPE_NAMES.get(up) or ("Ed" + up[2:] if up.startswith("ED") else up)
        out.append(ctx.make("key_type", value, m.start(), m.end()))
    return out


# --- session reuse --------------------------------------------------------------------------

_SESS = r"(?:TLS|SSL)"
REUSE_TRUE = [
    lazyre.compile(rf"\bsession{_W}(?:IDs?|tickets?|resumption|reuse|re-use|caching|cache|identifiers?)\b", _I),
    lazyre.compile(rf"\b(?:resumed|reused|re-used|abbreviated){_W}(?:{_SESS}{_W})?(?:sessions?|handshakes?)\b", _I),
    lazyre.compile(rf"\b{_SESS}{_W}(?:session{_W})?(?:resumption|reuse|re-use)\b", _I),
    lazyre.compile(rf"\bPSK{_W}resumption\b|(?<![\w-])0-RTT\b", _I),
    lazyre.compile(rf"\bover{_W}(?:an?{_W}|the{_W})?(?:single|one|same){_W}{_SESS}{_W}(?:connection|session)\b", _I),
]  # fmt: skip
REUSE_FALSE = [
    lazyre.compile(rf"\bfull{_W}(?:{_SESS}{_W})?handshakes?{_W}(?:(?:on|for|with|in){_W})?"
               rf"(?:every|each){_W}(?:time|connection|request|session|transaction)\b", _I),
    lazyre.compile(rf"\b(?:an?{_W})?new{_W}{_SESS}{_W}(?:session|handshake){_W}(?:for|per|on|with)"
               rf"{_W}(?:every|each){_W}(?:connection|request|transaction)\b", _I),
]  # fmt: skip


TLS_SESSION_REUSE_WORDS = (
    "session", "resum", "reuse", "re-use", "abbreviated", "0-rtt", "handshake", "ssl", "tls"
)  # fmt: skip


@gated(*TLS_SESSION_REUSE_WORDS)
def tls_session_reuse(ctx: Ctx) -> list[RawCondition]:
    """True for session IDs/tickets/resumption in use; False for "no session reuse"."""
    out = ctx.each("tls_session_reuse", [(rx, False) for rx in REUSE_FALSE], negate=False)
    for rx in REUSE_TRUE:
        for m in ctx.finditer(rx):
            neg = ctx.negated(m.start(), m.end())
            out.append(ctx.make("tls_session_reuse", not neg, m.start(), m.end(), negated=neg))
    return out


DETECTORS = [tls_version, cipher, key_size, key_type, tls_session_reuse]
