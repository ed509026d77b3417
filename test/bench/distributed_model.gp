# distributed_model.gp — the plot of distributed_model.py's predicted efficiency against GPU ranks.
#   usage: python3 test/bench/distributed_model.py --plot model.dat
#          gnuplot -e "data='model.dat'; out='results/distributed/model.svg'" test/bench/distributed_model.gp
set terminal svg size 640,400 dynamic
set output out
set logscale x 2
set xlabel 'GPU ranks'
set ylabel 'predicted efficiency'
set yrange [0:1.05]
set key bottom left
set title 'a tree of the 50x20 record (3.4e14 nodes), with the costs measured on 4 H200 ranks'
plot data using 1:2 with linespoints title 'checkpoint gathered at rank 0 (now)', \
     '' using 1:3 with linespoints title 'checkpoint file per rank', \
     '' using 1:4 with linespoints title 'no checkpoint'
