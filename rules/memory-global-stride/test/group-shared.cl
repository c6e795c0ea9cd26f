// RUN: not %cllint --rules=-*,memory-global-stride %s | %check-findings
// A load whose lanes are permuted within the work-group (packed data unpacked lane by lane): each
// warp uses part of more sectors than it needs, but the group's warps together use every byte of
// them, and L1, shared by the group on its compute unit, serves the rest: not a finding
// (libfreenect2's depth unpacking measured 4% on an NVIDIA GPU). Stores get no such help, and a
// scatter over more than the group uses stays a finding.

__kernel void unpack(__global const ushort *packed, __global float *out) {
  uint x = get_global_id(0);
  uint word = (x >> 2) + ((x & 3) << 6);
  out[x] = packed[(x & ~255u) + word];
}

__kernel void repack(__global const float *in, __global ushort *packed) {
  uint x = get_global_id(0);
  uint word = (x >> 2) + ((x & 3) << 6);
  packed[(x & ~255u) + word] = (ushort)in[x];
  // CHECK: group-shared.cl:[[@LINE-1]]:3: warning: {{.*}}global store whose address is not linear in the work-item ids
}

__kernel void scatter_read(__global const float *table, __global float *out) {
  uint x = get_global_id(0);
  out[x] = table[(x * 37) & 4095];
  // CHECK: group-shared.cl:[[@LINE-1]]:12: warning: {{.*}}global load whose address is not linear in the work-item ids
}

// A work-item reading its own 8-byte block of a 3-D Morton order (FAST's histopyramid): a warp
// along x spreads over 8-B pieces of many sectors, whose other bytes are the blocks of the
// group's other warps (y + 1, z + 1), served from L1. Together they use every byte: nothing
// to report (an NVIDIA H200 ran the 8 loads as fast as one vload8 of the same block).
uint spread_bits(uint x) {
  x &= 0x000003ff;
  x = (x ^ (x << 16)) & 0xff0000ff;
  x = (x ^ (x << 8)) & 0x0300f00f;
  x = (x ^ (x << 4)) & 0x030c30c3;
  x = (x ^ (x << 2)) & 0x09249249;
  return x;
}
uint morton3(uint x, uint y, uint z) {
  return (spread_bits(z) << 2) + (spread_bits(y) << 1) + spread_bits(x);
}
__kernel void morton_level(__global const uchar *in, __global uchar *out) {
  uint r = morton3(get_global_id(0) * 2, get_global_id(1) * 2, get_global_id(2) * 2);
  out[morton3(get_global_id(0), get_global_id(1), get_global_id(2))] =
      in[r] + in[r + 1] + in[r + 2] + in[r + 3] + in[r + 4] + in[r + 5] + in[r + 6] + in[r + 7];
}

// The same bit spread in one dimension leaves holes no other warp fills: reported.
__kernel void spread_level(__global const uchar *in, __global uchar *out) {
  uint r = spread_bits(get_global_id(0) * 2);
  out[get_global_id(0)] = in[r] + in[r + 1] + in[r + 2] + in[r + 3];
  // CHECK: group-shared.cl:[[@LINE-1]]:27: warning: {{.*}}global 4 loads of parts of one element whose address is not linear in the work-item ids{{.*}} [memory-global-stride]
}
