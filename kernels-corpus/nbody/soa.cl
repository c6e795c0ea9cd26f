// RUN: %cllint %s | %check-findings --allow-empty
//
// All-pairs N-body acceleration on structure-of-arrays data, with the
// positions of 256 bodies at a time staged in local memory.
// NDRange: (n), local (256); n is a multiple of 256.
//
// Own-body loads are unit stride on every array; the local tile is
// written at unit stride and read at index j, a loop counter: every lane
// reads the same word (a broadcast), so there is no bank conflict.

#define TILE 256

__kernel __attribute__((reqd_work_group_size(TILE, 1, 1)))
void nbody_accel_soa(__global const float *px,
                     __global const float *py,
                     __global const float *pz,
                     __global const float *mass,
                     __global float *ax,
                     __global float *ay,
                     __global float *az,
                     const int n,
                     const float eps2)
{
    __local float sx[TILE];
    __local float sy[TILE];
    __local float sz[TILE];
    __local float sm[TILE];

    const int i = get_global_id(0);
    const int lid = get_local_id(0);
    const float xi = px[i];
    const float yi = py[i];
    const float zi = pz[i];
    float fx = 0.0f, fy = 0.0f, fz = 0.0f;

    for (int base = 0; base < n; base += TILE) {
        sx[lid] = px[base + lid];
        sy[lid] = py[base + lid];
        sz[lid] = pz[base + lid];
        sm[lid] = mass[base + lid];
        barrier(CLK_LOCAL_MEM_FENCE);

        for (int j = 0; j < TILE; ++j) {
            const float dx = sx[j] - xi;
            const float dy = sy[j] - yi;
            const float dz = sz[j] - zi;
            const float inv = rsqrt(dx * dx + dy * dy + dz * dz + eps2);
            const float s = sm[j] * inv * inv * inv;
            fx += dx * s;
            fy += dy * s;
            fz += dz * s;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    ax[i] = fx;
    ay[i] = fy;
    az[i] = fz;
}
