#!/usr/bin/env python3
"""Writes a copy of a net file whose description field is the given text,
with its checksum made anew: how the CLI tests get a net of the older kind
(a free-text description instead of a lineage) now that every net in the
repository carries a lineage. The layout is docs/NNUE.md's ("The file").

    net_with_description.py IN.nnue OUT.nnue TEXT
"""
import struct
import sys

MASK = (1 << 64) - 1
P1 = 0x9E3779B185EBCA87
P2 = 0xC2B2AE3D27D4EB4F
P3 = 0x165667B19E3779F9
P4 = 0x85EBCA77C2B2AE63
P5 = 0x27D4EB2F165667C5


def rotl(x, r):
    return ((x << r) | (x >> (64 - r))) & MASK


def round_(acc, lane):
    return (rotl((acc + lane * P2) & MASK, 31) * P1) & MASK


def merge(acc, v):
    return ((acc ^ round_(0, v)) * P1 + P4) & MASK


def xxh64(data, seed=0):
    """XXH64 as the format's checksum (engine/core/checksum.h) computes it."""
    n = len(data)
    i = 0
    if n >= 32:
        v = [(seed + P1 + P2) & MASK, (seed + P2) & MASK, seed, (seed - P1) & MASK]
        while i + 32 <= n:
            lanes = struct.unpack_from("<4Q", data, i)
            v = [round_(a, b) for a, b in zip(v, lanes)]
            i += 32
        h = (rotl(v[0], 1) + rotl(v[1], 7) + rotl(v[2], 12) + rotl(v[3], 18)) & MASK
        for x in v:
            h = merge(h, x)
    else:
        h = (seed + P5) & MASK
    h = (h + n) & MASK
    while i + 8 <= n:
        (k,) = struct.unpack_from("<Q", data, i)
        h = ((rotl(h ^ round_(0, k), 27) * P1) + P4) & MASK
        i += 8
    if i + 4 <= n:
        (k,) = struct.unpack_from("<I", data, i)
        h = ((rotl(h ^ ((k * P1) & MASK), 23) * P2) + P3) & MASK
        i += 4
    while i < n:
        h = (rotl(h ^ ((data[i] * P5) & MASK), 11) * P1) & MASK
        i += 1
    h ^= h >> 33
    h = (h * P2) & MASK
    h ^= h >> 29
    h = (h * P3) & MASK
    h ^= h >> 32
    return h


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    src, dst, text = sys.argv[1], sys.argv[2], sys.argv[3].encode()
    data = open(src, "rb").read()
    (name_len,) = struct.unpack_from("<I", data, 12)
    desc_at = 24 + name_len
    (desc_len,) = struct.unpack_from("<I", data, desc_at)
    if xxh64(data[:-8]) != struct.unpack_from("<Q", data, len(data) - 8)[0]:
        sys.exit(f"{src}: checksum mismatch: not a whole net file")
    body = data[:desc_at] + struct.pack("<I", len(text)) + text + data[desc_at + 4 + desc_len : -8]
    open(dst, "wb").write(body + struct.pack("<Q", xxh64(body)))


if __name__ == "__main__":
    main()
