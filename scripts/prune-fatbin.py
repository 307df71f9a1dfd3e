"""Cut a CUDA library's kernels down to one GPU architecture, for carrying it where transfers are small.

    python3 scripts/prune-fatbin.py LIB.so list
    python3 scripts/prune-fatbin.py LIB.so prune 90 OUT.so

Why: the lent device machines take 64 MiB per transfer and reach no registry, and
`libonnxruntime_providers_cuda.so` from the `onnxruntime-gpu` wheel is 284 MB (213 MB of it
kernels for sm_75 to sm_120). In every fatbin (the `.nv_fatbin` ELF section) that holds a
compiled kernel image (cubin) for the architecture asked for, the other images are zeroed in place;
fatbins without one are left whole (the driver compiles their PTX). Nothing moves, so the file
stays a valid library; the zeros compress away (61 MB as .tar.xz with libonnxruntime.so). Only
for measuring on that one GPU: users install the whole wheel (`./studio setup`).

Layout (CUDA's fatbinary.h): a fatbin header {u32 magic 0xBA55ED50, u16 version, u16 header size,
u64 size of the entries}, then entries {u16 kind (1 PTX, 2 cubin), u16, u32 header size,
u64 payload size, ..., u32 arch at byte 28, ...} each followed by its payload.
"""
import collections
import struct
import sys

MAGIC = 0xBA55ED50


def fatbin_section(data):
    """(offset, size) of the .nv_fatbin section of an ELF64 file."""
    e_shoff, = struct.unpack_from("<Q", data, 0x28)
    e_shentsize, e_shnum, e_shstrndx = struct.unpack_from("<HHH", data, 0x3A)

    def header(i):
        return struct.unpack_from("<IIQQQQIIQQ", data, e_shoff + i * e_shentsize)

    names = header(e_shstrndx)[4]
    for i in range(e_shnum):
        h = header(i)
        start = names + h[0]
        if data[start:data.index(b"\0", start)] == b".nv_fatbin":
            return h[4], h[5]
    sys.exit("no .nv_fatbin section: not a CUDA library")


def fatbins(data, offset, size):
    """Each fatbin's entries as (kind, arch, entry offset, header size, payload size)."""
    pos, end = offset, offset + size
    while pos < end:
        magic, _version, header_size, entries_size = struct.unpack_from("<IHHQ", data, pos)
        if magic != MAGIC:  # padding between fatbins
            pos += 8
            continue
        entries, p, stop = [], pos + header_size, pos + header_size + entries_size
        while p < stop:
            kind, _, ehsz, psz = struct.unpack_from("<HHIQ", data, p)
            arch, = struct.unpack_from("<I", data, p + 28)
            entries.append((kind, arch, p, ehsz, psz))
            p += ehsz + psz
        yield entries
        pos = stop


def main():
    if len(sys.argv) < 3 or sys.argv[2] not in ("list", "prune") or (sys.argv[2] == "prune" and len(sys.argv) != 5):
        sys.exit(__doc__)
    data = bytearray(open(sys.argv[1], "rb").read())
    offset, size = fatbin_section(data)
    keep = int(sys.argv[3]) if sys.argv[2] == "prune" else None
    by_arch, zeroed, count = collections.Counter(), 0, 0
    for entries in fatbins(data, offset, size):
        count += 1
        for kind, arch, _, _, psz in entries:
            by_arch[("PTX" if kind == 1 else "cubin", arch)] += psz
        if keep is not None and any(k == 2 and a == keep for k, a, *_ in entries):
            for kind, arch, p, ehsz, psz in entries:
                if not (kind == 2 and arch == keep):
                    data[p + ehsz:p + ehsz + psz] = bytes(psz)
                    zeroed += psz
    print(f"{count} fatbins, {size >> 20} MiB")
    for (kind, arch), n in sorted(by_arch.items()):
        print(f"  {kind} sm_{arch}: {n >> 20} MiB")
    if keep is not None:
        open(sys.argv[4], "wb").write(data)
        print(f"zeroed {zeroed >> 20} MiB; wrote {sys.argv[4]}")


if __name__ == "__main__":
    main()
