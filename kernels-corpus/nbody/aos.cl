// RUN: %cllint %s | FileCheck %s --check-prefix=DEFAULT --allow-empty --implicit-check-not="{{warning|error|note}}: "
// RUN: %cllint --all %s | %check-findings
//
// All-pairs N-body step (leapfrog-like, softened gravity) on an array of
// structs: each Body holds position (xyz, w = mass) and velocity.
// NDRange: (n), any local size; n bodies in, n bodies out.
//
// The inner loop reads bodies[j].pos with j a loop counter: the same
// address for the whole warp (a broadcast), which is fine. The work-item's
// own body is read and written field by field, 16 bytes inside a 32-byte
// struct, but every field of it: together the two accesses use every byte
// of the sectors they fetch, which runs at full bandwidth (measured up to
// 32-byte records) - no stride finding. The half-step factor is written as
// 0.5 in a chain, which drags the position update into double precision,
// once per work-item: under 1% of a kernel bound by its loads and its
// all-pairs loop (fused multiply-adds), so shown only with --all.
// DEFAULT-NOT: arith-double-literal

typedef struct {
    float4 pos;   // xyz = position, w = mass
    float4 vel;   // xyz = velocity, w unused
} Body;

__kernel void nbody_step_aos(__global const Body *bodies,
                             __global Body *next,
                             const int n,
                             const float dt,
                             const float eps2)
{
    const int i = get_global_id(0);
    if (i >= n)
        return;

    const float4 pi = bodies[i].pos;
    float4 acc = (float4)(0.0f);

    for (int j = 0; j < n; ++j) {
        const float4 pj = bodies[j].pos;
        const float4 d = (float4)(pj.xyz - pi.xyz, 0.0f);
        const float r2 = d.x * d.x + d.y * d.y + d.z * d.z + eps2;
        const float inv = rsqrt(r2);
        acc += d * (pj.w * inv * inv * inv);
    }

    const float half_dt2 = 0.5 * dt * dt;
// CHECK: aos.cl:[[@LINE-1]]:28: note: {{.*}}'0.5'{{.*}} [arith-double-literal]
    const float4 v = bodies[i].vel;

    next[i].pos = (float4)(pi.xyz + v.xyz * dt + acc.xyz * half_dt2, pi.w);
    next[i].vel = v + acc * dt;
}
