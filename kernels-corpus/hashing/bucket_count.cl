// RUN: %cllint %s | %check-findings
//
// First pass of a hash partition: count how many keys fall into each of
// 1024 buckets. Keys are signed 32-bit ints, and the bucket is taken as
// key % 1024 with a fix-up for negative keys. Because key is signed and
// may be negative, the compiler cannot turn % 1024 into a mask: it emits
// the sign correction (and the fix-up below). Reinterpreting the key as
// uint, (uint)key & 1023, gives a bucket in range directly.
// NDRange: (n), any local size; counts has 1024 entries.

#define NUM_BUCKETS 1024

__kernel void bucket_count(__global const int *keys,
                           __global uint *counts)
{
    const int key = keys[get_global_id(0)];
    int b = key % NUM_BUCKETS;
// CHECK: bucket_count.cl:[[@LINE-1]]:17: note: {{.*}} [arith-pow2-div-mod]
    if (b < 0)
        b += NUM_BUCKETS;
    atomic_inc(&counts[b]);
}
