# time-per-instance.gp: drawn by flowshop-sweep plot from time-per-instance.dat
set terminal pngcairo size 1200,540 noenhanced font 'DejaVu Sans,11'
set output 'time-per-instance.png'
set datafile missing '?'
set grid ytics lc rgb '#dddddd'
set border 3
set tics nomirror
set title "gpu-warm-start: time to solve, median of 1 run\n(9 configurations stopped at a time or node limit: their time is the time to that limit)"
set xlabel 'instance'
set ylabel 'time (s)'
set key outside right top vertical Left reverse
set format y '%g'
set logscale y
set yrange [0.00029:25.7097]
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set xtics rotate by 25 right
set lmargin 10
plot for [c=2:4] 'time-per-instance.dat' using c:xtic(1) title columnheader(c)
set terminal svg size 1200,540 noenhanced font 'DejaVu Sans,11' dynamic background '#ffffff'
set output 'time-per-instance.svg'
replot
