// RUN: not %cllint %s | %check-findings
//
// Password-cracker shaped kernel: one candidate per work-item, stored as a
// record (an array of structs). The first kernel reads its own 64-B block
// word by word in a counted loop: memory serves every sector once, but each
// load of a warp reads a sector per lane from L1 (a 64-B block walked this
// way ran 1.8x the time of the transposed layout on an NVIDIA H200,
// bench/hardware/walk_probe.c). Its 8 hex bytes per work-item, written one
// by one, reach memory as partial sectors (1.6x). The second reads only the length
// and the first four words of a 260-B record: a warp fetches a sector per
// work-item for 20 useful bytes, one finding for the five loads.
// The hex conversion `(n < 10) ? '0' + n : 'a' - 10 + n` compiles to a
// select: no divergence.
// NDRange: (candidates), local (256).

typedef struct { uint w[16]; } block_t;               // 64 B
typedef struct { uint i[64]; uint pw_len; } pw_t;      // 260 B, as in hashcat
typedef struct { uint d[4]; } digest_t;                // 16 B

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void digest_blocks(__global const block_t *blocks, __global digest_t *digests,
                   __global uchar *hex)
{
    const uint gid = get_global_id(0);
    uint h0 = 0x67452301u, h1 = 0xefcdab89u, h2 = 0x98badcfeu, h3 = 0x10325476u;
    for (int i = 0; i < 16; i++) {
        const uint w = blocks[gid].w[i];
// CHECK: password_blocks.cl:[[@LINE-1]]:24: warning: {{.*}}each work-item walks its own 64-B record of 'blocks' in a counted loop (a global load){{.*}}16 cycles instead of 1{{.*}} [memory-global-stride]
        h0 = rotate(h0 ^ w, 5u) + h1;
        h1 = rotate(h1 + w, 7u) ^ h2;
        h2 = h2 + (h3 ^ w);
        h3 = rotate(h3, 3u) + h0;
    }
    digests[gid].d[0] = h0;
    digests[gid].d[1] = h1;
    digests[gid].d[2] = h2;
    digests[gid].d[3] = h3;
    for (int k = 0; k < 8; k++) {
        const uint n = (h0 >> (28 - 4 * k)) & 15u;
        hex[gid * 8 + k] = (n < 10) ? '0' + n : 'a' - 10 + n;
// CHECK: password_blocks.cl:[[@LINE-1]]:9: warning: {{.*}}each work-item walks its own 8-B record of 'hex' in a counted loop (a global store){{.*}}writes 8 32-B sectors (minimum 1){{.*}} [memory-global-stride]
    }
}

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void prefix_check(__global const pw_t *pws, __global uint *hits, const uint target)
{
    const uint gid = get_global_id(0);
    const uint len = pws[gid].pw_len;
// CHECK: password_blocks.cl:[[@LINE-1]]:22: warning: {{.*}} [memory-global-stride]
    uint acc = len;
    for (int i = 0; i < 4; i++)
        acc ^= pws[gid].i[i];
    hits[gid] = acc == target;
}
