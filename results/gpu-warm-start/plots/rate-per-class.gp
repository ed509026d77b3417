# rate-per-class.gp: drawn by flowshop-sweep plot from rate-per-class.dat
set terminal pngcairo size 960,540 noenhanced font 'DejaVu Sans,11'
set output 'rate-per-class.png'
set datafile missing '?'
set grid ytics lc rgb '#dddddd'
set border 3
set tics nomirror
set title "gpu-warm-start: nodes per second by instance class (all nodes / all time)"
set xlabel 'instance class (jobs x machines)'
set ylabel 'nodes/s'
set key outside right top vertical Left reverse
set format y '%.0s%c'
set logscale y
set yrange [184468:2.3288e+08]
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
plot for [c=2:4] 'rate-per-class.dat' using c:xtic(1) title columnheader(c)
set terminal svg size 960,540 noenhanced font 'DejaVu Sans,11' dynamic background '#ffffff'
set output 'rate-per-class.svg'
replot
