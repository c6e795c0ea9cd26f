// RUN: %cllint %s > %t.default && test ! -s %t.default
// RUN: %cllint --all %s | %check-findings
//
// One colour of a red-black successive over-relaxation (SOR) sweep for
// the Poisson equation -lap(u) = f on a w x h grid with spacing h_sp.
// The host launches it twice per iteration, color = 0 then color = 1.
// NDRange: (w, h), any local size.
//
// Every cell's work-item is launched and the wrong colour returns early.
// The colour of a cell alternates from one x to the next, so the early
// return keeps every other lane of every warp: half the lanes idle, and
// the loads of neighbouring lanes interleave. Launching (w / 2, h) and
// computing x = 2 * gx + ((gy + color) & 1) keeps all lanes busy.
// ((gx + gy) % 2 itself is fine: the ids are non-negative, so it is a mask.)

__kernel void sor_red_black(__global float *u,
                            __global const float *f,
                            const int w,
                            const int h,
                            const int color,
                            const float omega,
                            const float h_sp2)
{
    const int gx = get_global_id(0);
    const int gy = get_global_id(1);
    if (gx < 1 || gx >= w - 1 || gy < 1 || gy >= h - 1)
        return;
    if ((gx + gy) % 2 != color)
// CHECK: red_black_sor.cl:[[@LINE-1]]:9: note: {{.*}} [control-warp-divergence]
// CHECK: red_black_sor.cl:[[@LINE-2]]:19: note: {{([^:]*: )?}}signed integer remainder by 2: '(gx + gy)' is never negative here{{.*}} [arith-pow2-div-mod]
        return;

    const int i = gy * w + gx;
    const float gs = 0.25f * (u[i - 1] + u[i + 1] + u[i - w] + u[i + w] + h_sp2 * f[i]);
    u[i] = u[i] + omega * (gs - u[i]);
}
