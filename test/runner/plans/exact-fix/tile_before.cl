// Reverses each group's float4s, reading global memory directly.
__kernel void reverse_groups(__global const float4 *in, __global float4 *out,
                             __local float4 *tile, float4 bias) {
  size_t g = get_group_id(0), l = get_local_id(0), n = get_local_size(0);
  out[g * n + l] = in[g * n + (n - 1 - l)] + bias;
}
