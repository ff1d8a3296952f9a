import numpy as np
from numba import njit


@njit("int64(int64)")
def pick(c):
    x = -1
    if c == 0:
        x = 0
    elif c == 1:
        x = 1
    elif c == 2:
        x = 2
    elif c == 3:
        x = 3
    elif c == 4:
        x = 4
    elif c == 5:
        x = 5
    elif c == 6:
        x = 6
    elif c == 7:
        x = 7
    elif c == 8:
        x = 8
    elif c == 9:
        x = 9
    elif c == 10:
        x = 10
    elif c == 11:
        x = 11
    elif c == 12:
        x = 12
    elif c == 13:
        x = 13
    elif c == 14:
        x = 14
    elif c == 15:
        x = 15
    elif c == 16:
        x = 16
    elif c == 17:
        x = 17
    elif c == 18:
        x = 18
    elif c == 19:
        x = 19
    elif c == 20:
        x = 20
    elif c == 21:
        x = 21
    elif c == 22:
        x = 22
    elif c == 23:
        x = 23
    elif c == 24:
        x = 24
    elif c == 25:
        x = 25
    elif c == 26:
        x = 26
    elif c == 27:
        x = 27
    elif c == 28:
        x = 28
    elif c == 29:
        x = 29
    elif c == 30:
        x = 30
    elif c == 31:
        x = 31
    elif c == 32:
        x = 32
    elif c == 33:
        x = 33
    elif c == 34:
        x = 34
    elif c == 35:
        x = 35
    elif c == 36:
        x = 36
    elif c == 37:
        x = 37
    elif c == 38:
        x = 38
    elif c == 39:
        x = 39
    elif c == 40:
        x = 40
    elif c == 41:
        x = 41
    elif c == 42:
        x = 42
    elif c == 43:
        x = 43
    elif c == 44:
        x = 44
    elif c == 45:
        x = 45
    elif c == 46:
        x = 46
    elif c == 47:
        x = 47
    elif c == 48:
        x = 48
    elif c == 49:
        x = 49
    elif c == 50:
        x = 50
    elif c == 51:
        x = 51
    elif c == 52:
        x = 52
    elif c == 53:
        x = 53
    elif c == 54:
        x = 54
    elif c == 55:
        x = 55
    elif c == 56:
        x = 56
    elif c == 57:
        x = 57
    elif c == 58:
        x = 58
    elif c == 59:
        x = 59
    elif c == 60:
        x = 60
    elif c == 61:
        x = 61
    elif c == 62:
        x = 62
    elif c == 63:
        x = 63
    elif c == 64:
        x = 64
    elif c == 65:
        x = 65
    elif c == 66:
        x = 66
    elif c == 67:
        x = 67
    elif c == 68:
        x = 68
    elif c == 69:
        x = 69
    elif c == 70:
        x = 70
    elif c == 71:
        x = 71
    elif c == 72:
        x = 72
    elif c == 73:
        x = 73
    elif c == 74:
        x = 74
    elif c == 75:
        x = 75
    elif c == 76:
        x = 76
    elif c == 77:
        x = 77
    elif c == 78:
        x = 78
    elif c == 79:
        x = 79
    elif c == 80:
        x = 80
    elif c == 81:
        x = 81
    elif c == 82:
        x = 82
    elif c == 83:
        x = 83
    elif c == 84:
        x = 84
    elif c == 85:
        x = 85
    elif c == 86:
        x = 86
    elif c == 87:
        x = 87
    elif c == 88:
        x = 88
    elif c == 89:
        x = 89
    elif c == 90:
        x = 90
    elif c == 91:
        x = 91
    elif c == 92:
        x = 92
    elif c == 93:
        x = 93
    elif c == 94:
        x = 94
    elif c == 95:
        x = 95
    elif c == 96:
        x = 96
    elif c == 97:
        x = 97
    elif c == 98:
        x = 98
    elif c == 99:
        x = 99
    elif c == 100:
        x = 100
    elif c == 101:
        x = 101
    elif c == 102:
        x = 102
    elif c == 103:
        x = 103
    elif c == 104:
        x = 104
    elif c == 105:
        x = 105
    elif c == 106:
        x = 106
    elif c == 107:
        x = 107
    elif c == 108:
        x = 108
    elif c == 109:
        x = 109
    elif c == 110:
        x = 110
    elif c == 111:
        x = 111
    elif c == 112:
        x = 112
    elif c == 113:
        x = 113
    elif c == 114:
        x = 114
    elif c == 115:
        x = 115
    elif c == 116:
        x = 116
    elif c == 117:
        x = 117
    elif c == 118:
        x = 118
    elif c == 119:
        x = 119
    elif c == 120:
        x = 120
    elif c == 121:
        x = 121
    elif c == 122:
        x = 122
    elif c == 123:
        x = 123
    elif c == 124:
        x = 124
    elif c == 125:
        x = 125
    elif c == 126:
        x = 126
    elif c == 127:
        x = 127
    elif c == 128:
        x = 128
    elif c == 129:
        x = 129
    elif c == 130:
        x = 130
    elif c == 131:
        x = 131
    elif c == 132:
        x = 132
    elif c == 133:
        x = 133
    elif c == 134:
        x = 134
    elif c == 135:
        x = 135
    elif c == 136:
        x = 136
    elif c == 137:
        x = 137
    elif c == 138:
        x = 138
    elif c == 139:
        x = 139
    elif c == 140:
        x = 140
    elif c == 141:
        x = 141
    elif c == 142:
        x = 142
    elif c == 143:
        x = 143
    elif c == 144:
        x = 144
    elif c == 145:
        x = 145
    elif c == 146:
        x = 146
    elif c == 147:
        x = 147
    elif c == 148:
        x = 148
    elif c == 149:
        x = 149
    elif c == 150:
        x = 150
    elif c == 151:
        x = 151
    elif c == 152:
        x = 152
    elif c == 153:
        x = 153
    elif c == 154:
        x = 154
    elif c == 155:
        x = 155
    elif c == 156:
        x = 156
    elif c == 157:
        x = 157
    elif c == 158:
        x = 158
    elif c == 159:
        x = 159
    elif c == 160:
        x = 160
    elif c == 161:
        x = 161
    elif c == 162:
        x = 162
    elif c == 163:
        x = 163
    elif c == 164:
        x = 164
    elif c == 165:
        x = 165
    elif c == 166:
        x = 166
    elif c == 167:
        x = 167
    elif c == 168:
        x = 168
    elif c == 169:
        x = 169
    elif c == 170:
        x = 170
    elif c == 171:
        x = 171
    elif c == 172:
        x = 172
    elif c == 173:
        x = 173
    elif c == 174:
        x = 174
    elif c == 175:
        x = 175
    elif c == 176:
        x = 176
    elif c == 177:
        x = 177
    elif c == 178:
        x = 178
    elif c == 179:
        x = 179
    elif c == 180:
        x = 180
    elif c == 181:
        x = 181
    elif c == 182:
        x = 182
    elif c == 183:
        x = 183
    elif c == 184:
        x = 184
    elif c == 185:
        x = 185
    elif c == 186:
        x = 186
    elif c == 187:
        x = 187
    elif c == 188:
        x = 188
    elif c == 189:
        x = 189
    elif c == 190:
        x = 190
    elif c == 191:
        x = 191
    elif c == 192:
        x = 192
    elif c == 193:
        x = 193
    elif c == 194:
        x = 194
    elif c == 195:
        x = 195
    elif c == 196:
        x = 196
    elif c == 197:
        x = 197
    elif c == 198:
        x = 198
    elif c == 199:
        x = 199
    elif c == 200:
        x = 200
    elif c == 201:
        x = 201
    elif c == 202:
        x = 202
    elif c == 203:
        x = 203
    elif c == 204:
        x = 204
    elif c == 205:
        x = 205
    elif c == 206:
        x = 206
    elif c == 207:
        x = 207
    elif c == 208:
        x = 208
    elif c == 209:
        x = 209
    elif c == 210:
        x = 210
    elif c == 211:
        x = 211
    elif c == 212:
        x = 212
    elif c == 213:
        x = 213
    elif c == 214:
        x = 214
    elif c == 215:
        x = 215
    elif c == 216:
        x = 216
    elif c == 217:
        x = 217
    elif c == 218:
        x = 218
    elif c == 219:
        x = 219
    elif c == 220:
        x = 220
    elif c == 221:
        x = 221
    elif c == 222:
        x = 222
    elif c == 223:
        x = 223
    elif c == 224:
        x = 224
    elif c == 225:
        x = 225
    elif c == 226:
        x = 226
    elif c == 227:
        x = 227
    elif c == 228:
        x = 228
    elif c == 229:
        x = 229
    elif c == 230:
        x = 230
    elif c == 231:
        x = 231
    elif c == 232:
        x = 232
    elif c == 233:
        x = 233
    elif c == 234:
        x = 234
    elif c == 235:
        x = 235
    elif c == 236:
        x = 236
    elif c == 237:
        x = 237
    elif c == 238:
        x = 238
    elif c == 239:
        x = 239
    elif c == 240:
        x = 240
    elif c == 241:
        x = 241
    elif c == 242:
        x = 242
    elif c == 243:
        x = 243
    elif c == 244:
        x = 244
    elif c == 245:
        x = 245
    elif c == 246:
        x = 246
    elif c == 247:
        x = 247
    elif c == 248:
        x = 248
    elif c == 249:
        x = 249
    elif c == 250:
        x = 250
    elif c == 251:
        x = 251
    elif c == 252:
        x = 252
    elif c == 253:
        x = 253
    elif c == 254:
        x = 254
    elif c == 255:
        x = 255
    elif c == 256:
        x = 256
    elif c == 257:
        x = 257
    elif c == 258:
        x = 258
    elif c == 259:
        x = 259
    elif c == 260:
        x = 260
    elif c == 261:
        x = 261
    elif c == 262:
        x = 262
    elif c == 263:
        x = 263
    elif c == 264:
        x = 264
    elif c == 265:
        x = 265
    elif c == 266:
        x = 266
    elif c == 267:
        x = 267
    elif c == 268:
        x = 268
    elif c == 269:
        x = 269
    elif c == 270:
        x = 270
    elif c == 271:
        x = 271
    elif c == 272:
        x = 272
    elif c == 273:
        x = 273
    elif c == 274:
        x = 274
    elif c == 275:
        x = 275
    elif c == 276:
        x = 276
    elif c == 277:
        x = 277
    elif c == 278:
        x = 278
    elif c == 279:
        x = 279
    elif c == 280:
        x = 280
    elif c == 281:
        x = 281
    elif c == 282:
        x = 282
    elif c == 283:
        x = 283
    elif c == 284:
        x = 284
    elif c == 285:
        x = 285
    elif c == 286:
        x = 286
    elif c == 287:
        x = 287
    elif c == 288:
        x = 288
    elif c == 289:
        x = 289
    elif c == 290:
        x = 290
    elif c == 291:
        x = 291
    elif c == 292:
        x = 292
    elif c == 293:
        x = 293
    elif c == 294:
        x = 294
    elif c == 295:
        x = 295
    elif c == 296:
        x = 296
    elif c == 297:
        x = 297
    elif c == 298:
        x = 298
    elif c == 299:
        x = 299
    elif c == 300:
        x = 300
    elif c == 301:
        x = 301
    elif c == 302:
        x = 302
    elif c == 303:
        x = 303
    elif c == 304:
        x = 304
    elif c == 305:
        x = 305
    elif c == 306:
        x = 306
    elif c == 307:
        x = 307
    elif c == 308:
        x = 308
    elif c == 309:
        x = 309
    elif c == 310:
        x = 310
    elif c == 311:
        x = 311
    elif c == 312:
        x = 312
    elif c == 313:
        x = 313
    elif c == 314:
        x = 314
    elif c == 315:
        x = 315
    elif c == 316:
        x = 316
    elif c == 317:
        x = 317
    elif c == 318:
        x = 318
    elif c == 319:
        x = 319
    elif c == 320:
        x = 320
    elif c == 321:
        x = 321
    elif c == 322:
        x = 322
    elif c == 323:
        x = 323
    elif c == 324:
        x = 324
    elif c == 325:
        x = 325
    elif c == 326:
        x = 326
    elif c == 327:
        x = 327
    elif c == 328:
        x = 328
    elif c == 329:
        x = 329
    elif c == 330:
        x = 330
    elif c == 331:
        x = 331
    elif c == 332:
        x = 332
    elif c == 333:
        x = 333
    elif c == 334:
        x = 334
    elif c == 335:
        x = 335
    elif c == 336:
        x = 336
    elif c == 337:
        x = 337
    elif c == 338:
        x = 338
    elif c == 339:
        x = 339
    elif c == 340:
        x = 340
    elif c == 341:
        x = 341
    elif c == 342:
        x = 342
    elif c == 343:
        x = 343
    elif c == 344:
        x = 344
    elif c == 345:
        x = 345
    elif c == 346:
        x = 346
    elif c == 347:
        x = 347
    elif c == 348:
        x = 348
    elif c == 349:
        x = 349
    elif c == 350:
        x = 350
    elif c == 351:
        x = 351
    elif c == 352:
        x = 352
    elif c == 353:
        x = 353
    elif c == 354:
        x = 354
    elif c == 355:
        x = 355
    elif c == 356:
        x = 356
    elif c == 357:
        x = 357
    elif c == 358:
        x = 358
    elif c == 359:
        x = 359
    elif c == 360:
        x = 360
    elif c == 361:
        x = 361
    elif c == 362:
        x = 362
    elif c == 363:
        x = 363
    elif c == 364:
        x = 364
    elif c == 365:
        x = 365
    elif c == 366:
        x = 366
    elif c == 367:
        x = 367
    elif c == 368:
        x = 368
    elif c == 369:
        x = 369
    elif c == 370:
        x = 370
    elif c == 371:
        x = 371
    elif c == 372:
        x = 372
    elif c == 373:
        x = 373
    elif c == 374:
        x = 374
    elif c == 375:
        x = 375
    elif c == 376:
        x = 376
    elif c == 377:
        x = 377
    elif c == 378:
        x = 378
    elif c == 379:
        x = 379
    elif c == 380:
        x = 380
    elif c == 381:
        x = 381
    elif c == 382:
        x = 382
    elif c == 383:
        x = 383
    elif c == 384:
        x = 384
    elif c == 385:
        x = 385
    elif c == 386:
        x = 386
    elif c == 387:
        x = 387
    elif c == 388:
        x = 388
    elif c == 389:
        x = 389
    elif c == 390:
        x = 390
    elif c == 391:
        x = 391
    elif c == 392:
        x = 392
    elif c == 393:
        x = 393
    elif c == 394:
        x = 394
    elif c == 395:
        x = 395
    elif c == 396:
        x = 396
    elif c == 397:
        x = 397
    elif c == 398:
        x = 398
    elif c == 399:
        x = 399
    elif c == 400:
        x = 400
    elif c == 401:
        x = 401
    elif c == 402:
        x = 402
    elif c == 403:
        x = 403
    elif c == 404:
        x = 404
    elif c == 405:
        x = 405
    elif c == 406:
        x = 406
    elif c == 407:
        x = 407
    elif c == 408:
        x = 408
    elif c == 409:
        x = 409
    elif c == 410:
        x = 410
    elif c == 411:
        x = 411
    elif c == 412:
        x = 412
    elif c == 413:
        x = 413
    elif c == 414:
        x = 414
    elif c == 415:
        x = 415
    elif c == 416:
        x = 416
    elif c == 417:
        x = 417
    elif c == 418:
        x = 418
    elif c == 419:
        x = 419
    elif c == 420:
        x = 420
    elif c == 421:
        x = 421
    elif c == 422:
        x = 422
    elif c == 423:
        x = 423
    elif c == 424:
        x = 424
    elif c == 425:
        x = 425
    elif c == 426:
        x = 426
    elif c == 427:
        x = 427
    elif c == 428:
        x = 428
    elif c == 429:
        x = 429
    elif c == 430:
        x = 430
    elif c == 431:
        x = 431
    elif c == 432:
        x = 432
    elif c == 433:
        x = 433
    elif c == 434:
        x = 434
    elif c == 435:
        x = 435
    elif c == 436:
        x = 436
    elif c == 437:
        x = 437
    elif c == 438:
        x = 438
    elif c == 439:
        x = 439
    elif c == 440:
        x = 440
    elif c == 441:
        x = 441
    elif c == 442:
        x = 442
    elif c == 443:
        x = 443
    elif c == 444:
        x = 444
    elif c == 445:
        x = 445
    elif c == 446:
        x = 446
    elif c == 447:
        x = 447
    elif c == 448:
        x = 448
    elif c == 449:
        x = 449
    elif c == 450:
        x = 450
    elif c == 451:
        x = 451
    elif c == 452:
        x = 452
    elif c == 453:
        x = 453
    elif c == 454:
        x = 454
    elif c == 455:
        x = 455
    elif c == 456:
        x = 456
    elif c == 457:
        x = 457
    elif c == 458:
        x = 458
    elif c == 459:
        x = 459
    elif c == 460:
        x = 460
    elif c == 461:
        x = 461
    elif c == 462:
        x = 462
    elif c == 463:
        x = 463
    elif c == 464:
        x = 464
    elif c == 465:
        x = 465
    elif c == 466:
        x = 466
    elif c == 467:
        x = 467
    elif c == 468:
        x = 468
    elif c == 469:
        x = 469
    elif c == 470:
        x = 470
    elif c == 471:
        x = 471
    elif c == 472:
        x = 472
    elif c == 473:
        x = 473
    elif c == 474:
        x = 474
    elif c == 475:
        x = 475
    elif c == 476:
        x = 476
    elif c == 477:
        x = 477
    elif c == 478:
        x = 478
    elif c == 479:
        x = 479
    elif c == 480:
        x = 480
    elif c == 481:
        x = 481
    elif c == 482:
        x = 482
    elif c == 483:
        x = 483
    elif c == 484:
        x = 484
    elif c == 485:
        x = 485
    elif c == 486:
        x = 486
    elif c == 487:
        x = 487
    elif c == 488:
        x = 488
    elif c == 489:
        x = 489
    elif c == 490:
        x = 490
    elif c == 491:
        x = 491
    elif c == 492:
        x = 492
    elif c == 493:
        x = 493
    elif c == 494:
        x = 494
    elif c == 495:
        x = 495
    elif c == 496:
        x = 496
    elif c == 497:
        x = 497
    elif c == 498:
        x = 498
    elif c == 499:
        x = 499
    elif c == 500:
        x = 500
    elif c == 501:
        x = 501
    elif c == 502:
        x = 502
    elif c == 503:
        x = 503
    elif c == 504:
        x = 504
    elif c == 505:
        x = 505
    elif c == 506:
        x = 506
    elif c == 507:
        x = 507
    elif c == 508:
        x = 508
    elif c == 509:
        x = 509
    elif c == 510:
        x = 510
    elif c == 511:
        x = 511
    elif c == 512:
        x = 512
    elif c == 513:
        x = 513
    elif c == 514:
        x = 514
    elif c == 515:
        x = 515
    elif c == 516:
        x = 516
    elif c == 517:
        x = 517
    elif c == 518:
        x = 518
    elif c == 519:
        x = 519
    elif c == 520:
        x = 520
    elif c == 521:
        x = 521
    elif c == 522:
        x = 522
    elif c == 523:
        x = 523
    elif c == 524:
        x = 524
    elif c == 525:
        x = 525
    elif c == 526:
        x = 526
    elif c == 527:
        x = 527
    elif c == 528:
        x = 528
    elif c == 529:
        x = 529
    elif c == 530:
        x = 530
    elif c == 531:
        x = 531
    elif c == 532:
        x = 532
    elif c == 533:
        x = 533
    elif c == 534:
        x = 534
    elif c == 535:
        x = 535
    elif c == 536:
        x = 536
    elif c == 537:
        x = 537
    elif c == 538:
        x = 538
    elif c == 539:
        x = 539
    elif c == 540:
        x = 540
    elif c == 541:
        x = 541
    elif c == 542:
        x = 542
    elif c == 543:
        x = 543
    elif c == 544:
        x = 544
    elif c == 545:
        x = 545
    elif c == 546:
        x = 546
    elif c == 547:
        x = 547
    elif c == 548:
        x = 548
    elif c == 549:
        x = 549
    elif c == 550:
        x = 550
    elif c == 551:
        x = 551
    elif c == 552:
        x = 552
    elif c == 553:
        x = 553
    elif c == 554:
        x = 554
    elif c == 555:
        x = 555
    elif c == 556:
        x = 556
    elif c == 557:
        x = 557
    elif c == 558:
        x = 558
    elif c == 559:
        x = 559
    elif c == 560:
        x = 560
    elif c == 561:
        x = 561
    elif c == 562:
        x = 562
    elif c == 563:
        x = 563
    elif c == 564:
        x = 564
    elif c == 565:
        x = 565
    elif c == 566:
        x = 566
    elif c == 567:
        x = 567
    elif c == 568:
        x = 568
    elif c == 569:
        x = 569
    elif c == 570:
        x = 570
    elif c == 571:
        x = 571
    elif c == 572:
        x = 572
    elif c == 573:
        x = 573
    elif c == 574:
        x = 574
    elif c == 575:
        x = 575
    elif c == 576:
        x = 576
    elif c == 577:
        x = 577
    elif c == 578:
        x = 578
    elif c == 579:
        x = 579
    elif c == 580:
        x = 580
    elif c == 581:
        x = 581
    elif c == 582:
        x = 582
    elif c == 583:
        x = 583
    elif c == 584:
        x = 584
    elif c == 585:
        x = 585
    elif c == 586:
        x = 586
    elif c == 587:
        x = 587
    elif c == 588:
        x = 588
    elif c == 589:
        x = 589
    elif c == 590:
        x = 590
    elif c == 591:
        x = 591
    elif c == 592:
        x = 592
    elif c == 593:
        x = 593
    elif c == 594:
        x = 594
    elif c == 595:
        x = 595
    elif c == 596:
        x = 596
    elif c == 597:
        x = 597
    elif c == 598:
        x = 598
    elif c == 599:
        x = 599
    elif c == 600:
        x = 600
    elif c == 601:
        x = 601
    elif c == 602:
        x = 602
    elif c == 603:
        x = 603
    elif c == 604:
        x = 604
    elif c == 605:
        x = 605
    elif c == 606:
        x = 606
    elif c == 607:
        x = 607
    elif c == 608:
        x = 608
    elif c == 609:
        x = 609
    elif c == 610:
        x = 610
    elif c == 611:
        x = 611
    elif c == 612:
        x = 612
    elif c == 613:
        x = 613
    elif c == 614:
        x = 614
    elif c == 615:
        x = 615
    elif c == 616:
        x = 616
    elif c == 617:
        x = 617
    elif c == 618:
        x = 618
    elif c == 619:
        x = 619
    elif c == 620:
        x = 620
    elif c == 621:
        x = 621
    elif c == 622:
        x = 622
    elif c == 623:
        x = 623
    elif c == 624:
        x = 624
    elif c == 625:
        x = 625
    elif c == 626:
        x = 626
    elif c == 627:
        x = 627
    elif c == 628:
        x = 628
    elif c == 629:
        x = 629
    elif c == 630:
        x = 630
    elif c == 631:
        x = 631
    elif c == 632:
        x = 632
    elif c == 633:
        x = 633
    elif c == 634:
        x = 634
    elif c == 635:
        x = 635
    elif c == 636:
        x = 636
    elif c == 637:
        x = 637
    elif c == 638:
        x = 638
    elif c == 639:
        x = 639
    elif c == 640:
        x = 640
    elif c == 641:
        x = 641
    elif c == 642:
        x = 642
    elif c == 643:
        x = 643
    elif c == 644:
        x = 644
    elif c == 645:
        x = 645
    elif c == 646:
        x = 646
    elif c == 647:
        x = 647
    elif c == 648:
        x = 648
    elif c == 649:
        x = 649
    elif c == 650:
        x = 650
    elif c == 651:
        x = 651
    elif c == 652:
        x = 652
    elif c == 653:
        x = 653
    elif c == 654:
        x = 654
    elif c == 655:
        x = 655
    elif c == 656:
        x = 656
    elif c == 657:
        x = 657
    elif c == 658:
        x = 658
    elif c == 659:
        x = 659
    elif c == 660:
        x = 660
    elif c == 661:
        x = 661
    elif c == 662:
        x = 662
    elif c == 663:
        x = 663
    elif c == 664:
        x = 664
    elif c == 665:
        x = 665
    elif c == 666:
        x = 666
    elif c == 667:
        x = 667
    elif c == 668:
        x = 668
    elif c == 669:
        x = 669
    elif c == 670:
        x = 670
    elif c == 671:
        x = 671
    elif c == 672:
        x = 672
    elif c == 673:
        x = 673
    elif c == 674:
        x = 674
    elif c == 675:
        x = 675
    elif c == 676:
        x = 676
    elif c == 677:
        x = 677
    elif c == 678:
        x = 678
    elif c == 679:
        x = 679
    elif c == 680:
        x = 680
    elif c == 681:
        x = 681
    elif c == 682:
        x = 682
    elif c == 683:
        x = 683
    elif c == 684:
        x = 684
    elif c == 685:
        x = 685
    elif c == 686:
        x = 686
    elif c == 687:
        x = 687
    elif c == 688:
        x = 688
    elif c == 689:
        x = 689
    elif c == 690:
        x = 690
    elif c == 691:
        x = 691
    elif c == 692:
        x = 692
    elif c == 693:
        x = 693
    elif c == 694:
        x = 694
    elif c == 695:
        x = 695
    elif c == 696:
        x = 696
    elif c == 697:
        x = 697
    elif c == 698:
        x = 698
    elif c == 699:
        x = 699
    elif c == 700:
        x = 700
    elif c == 701:
        x = 701
    elif c == 702:
        x = 702
    elif c == 703:
        x = 703
    elif c == 704:
        x = 704
    elif c == 705:
        x = 705
    elif c == 706:
        x = 706
    elif c == 707:
        x = 707
    elif c == 708:
        x = 708
    elif c == 709:
        x = 709
    elif c == 710:
        x = 710
    elif c == 711:
        x = 711
    elif c == 712:
        x = 712
    elif c == 713:
        x = 713
    elif c == 714:
        x = 714
    elif c == 715:
        x = 715
    elif c == 716:
        x = 716
    elif c == 717:
        x = 717
    elif c == 718:
        x = 718
    elif c == 719:
        x = 719
    elif c == 720:
        x = 720
    elif c == 721:
        x = 721
    elif c == 722:
        x = 722
    elif c == 723:
        x = 723
    elif c == 724:
        x = 724
    elif c == 725:
        x = 725
    elif c == 726:
        x = 726
    elif c == 727:
        x = 727
    elif c == 728:
        x = 728
    elif c == 729:
        x = 729
    elif c == 730:
        x = 730
    elif c == 731:
        x = 731
    elif c == 732:
        x = 732
    elif c == 733:
        x = 733
    elif c == 734:
        x = 734
    elif c == 735:
        x = 735
    elif c == 736:
        x = 736
    elif c == 737:
        x = 737
    elif c == 738:
        x = 738
    elif c == 739:
        x = 739
    elif c == 740:
        x = 740
    elif c == 741:
        x = 741
    elif c == 742:
        x = 742
    elif c == 743:
        x = 743
    elif c == 744:
        x = 744
    elif c == 745:
        x = 745
    elif c == 746:
        x = 746
    elif c == 747:
        x = 747
    elif c == 748:
        x = 748
    elif c == 749:
        x = 749
    elif c == 750:
        x = 750
    elif c == 751:
        x = 751
    elif c == 752:
        x = 752
    elif c == 753:
        x = 753
    elif c == 754:
        x = 754
    elif c == 755:
        x = 755
    elif c == 756:
        x = 756
    elif c == 757:
        x = 757
    elif c == 758:
        x = 758
    elif c == 759:
        x = 759
    elif c == 760:
        x = 760
    elif c == 761:
        x = 761
    elif c == 762:
        x = 762
    elif c == 763:
        x = 763
    elif c == 764:
        x = 764
    elif c == 765:
        x = 765
    elif c == 766:
        x = 766
    elif c == 767:
        x = 767
    elif c == 768:
        x = 768
    elif c == 769:
        x = 769
    elif c == 770:
        x = 770
    elif c == 771:
        x = 771
    elif c == 772:
        x = 772
    elif c == 773:
        x = 773
    elif c == 774:
        x = 774
    elif c == 775:
        x = 775
    elif c == 776:
        x = 776
    elif c == 777:
        x = 777
    elif c == 778:
        x = 778
    elif c == 779:
        x = 779
    elif c == 780:
        x = 780
    elif c == 781:
        x = 781
    elif c == 782:
        x = 782
    elif c == 783:
        x = 783
    elif c == 784:
        x = 784
    elif c == 785:
        x = 785
    elif c == 786:
        x = 786
    elif c == 787:
        x = 787
    elif c == 788:
        x = 788
    elif c == 789:
        x = 789
    elif c == 790:
        x = 790
    elif c == 791:
        x = 791
    elif c == 792:
        x = 792
    elif c == 793:
        x = 793
    elif c == 794:
        x = 794
    elif c == 795:
        x = 795
    elif c == 796:
        x = 796
    elif c == 797:
        x = 797
    elif c == 798:
        x = 798
    elif c == 799:
        x = 799
    elif c == 800:
        x = 800
    elif c == 801:
        x = 801
    elif c == 802:
        x = 802
    elif c == 803:
        x = 803
    elif c == 804:
        x = 804
    elif c == 805:
        x = 805
    elif c == 806:
        x = 806
    elif c == 807:
        x = 807
    elif c == 808:
        x = 808
    elif c == 809:
        x = 809
    elif c == 810:
        x = 810
    elif c == 811:
        x = 811
    elif c == 812:
        x = 812
    elif c == 813:
        x = 813
    elif c == 814:
        x = 814
    elif c == 815:
        x = 815
    elif c == 816:
        x = 816
    elif c == 817:
        x = 817
    elif c == 818:
        x = 818
    elif c == 819:
        x = 819
    elif c == 820:
        x = 820
    elif c == 821:
        x = 821
    elif c == 822:
        x = 822
    elif c == 823:
        x = 823
    elif c == 824:
        x = 824
    elif c == 825:
        x = 825
    elif c == 826:
        x = 826
    elif c == 827:
        x = 827
    elif c == 828:
        x = 828
    elif c == 829:
        x = 829
    elif c == 830:
        x = 830
    elif c == 831:
        x = 831
    elif c == 832:
        x = 832
    elif c == 833:
        x = 833
    elif c == 834:
        x = 834
    elif c == 835:
        x = 835
    elif c == 836:
        x = 836
    elif c == 837:
        x = 837
    elif c == 838:
        x = 838
    elif c == 839:
        x = 839
    elif c == 840:
        x = 840
    elif c == 841:
        x = 841
    elif c == 842:
        x = 842
    elif c == 843:
        x = 843
    elif c == 844:
        x = 844
    elif c == 845:
        x = 845
    elif c == 846:
        x = 846
    elif c == 847:
        x = 847
    elif c == 848:
        x = 848
    elif c == 849:
        x = 849
    elif c == 850:
        x = 850
    elif c == 851:
        x = 851
    elif c == 852:
        x = 852
    elif c == 853:
        x = 853
    elif c == 854:
        x = 854
    elif c == 855:
        x = 855
    elif c == 856:
        x = 856
    elif c == 857:
        x = 857
    elif c == 858:
        x = 858
    elif c == 859:
        x = 859
    elif c == 860:
        x = 860
    elif c == 861:
        x = 861
    elif c == 862:
        x = 862
    elif c == 863:
        x = 863
    elif c == 864:
        x = 864
    elif c == 865:
        x = 865
    elif c == 866:
        x = 866
    elif c == 867:
        x = 867
    elif c == 868:
        x = 868
    elif c == 869:
        x = 869
    elif c == 870:
        x = 870
    elif c == 871:
        x = 871
    elif c == 872:
        x = 872
    elif c == 873:
        x = 873
    elif c == 874:
        x = 874
    elif c == 875:
        x = 875
    elif c == 876:
        x = 876
    elif c == 877:
        x = 877
    elif c == 878:
        x = 878
    elif c == 879:
        x = 879
    elif c == 880:
        x = 880
    elif c == 881:
        x = 881
    elif c == 882:
        x = 882
    elif c == 883:
        x = 883
    elif c == 884:
        x = 884
    elif c == 885:
        x = 885
    elif c == 886:
        x = 886
    elif c == 887:
        x = 887
    elif c == 888:
        x = 888
    elif c == 889:
        x = 889
    elif c == 890:
        x = 890
    elif c == 891:
        x = 891
    elif c == 892:
        x = 892
    elif c == 893:
        x = 893
    elif c == 894:
        x = 894
    elif c == 895:
        x = 895
    elif c == 896:
        x = 896
    elif c == 897:
        x = 897
    elif c == 898:
        x = 898
    elif c == 899:
        x = 899
    elif c == 900:
        x = 900
    elif c == 901:
        x = 901
    elif c == 902:
        x = 902
    elif c == 903:
        x = 903
    elif c == 904:
        x = 904
    elif c == 905:
        x = 905
    elif c == 906:
        x = 906
    elif c == 907:
        x = 907
    elif c == 908:
        x = 908
    elif c == 909:
        x = 909
    elif c == 910:
        x = 910
    elif c == 911:
        x = 911
    elif c == 912:
        x = 912
    elif c == 913:
        x = 913
    elif c == 914:
        x = 914
    elif c == 915:
        x = 915
    elif c == 916:
        x = 916
    elif c == 917:
        x = 917
    elif c == 918:
        x = 918
    elif c == 919:
        x = 919
    elif c == 920:
        x = 920
    elif c == 921:
        x = 921
    elif c == 922:
        x = 922
    elif c == 923:
        x = 923
    elif c == 924:
        x = 924
    elif c == 925:
        x = 925
    elif c == 926:
        x = 926
    elif c == 927:
        x = 927
    elif c == 928:
        x = 928
    elif c == 929:
        x = 929
    elif c == 930:
        x = 930
    elif c == 931:
        x = 931
    elif c == 932:
        x = 932
    elif c == 933:
        x = 933
    elif c == 934:
        x = 934
    elif c == 935:
        x = 935
    elif c == 936:
        x = 936
    elif c == 937:
        x = 937
    elif c == 938:
        x = 938
    elif c == 939:
        x = 939
    elif c == 940:
        x = 940
    elif c == 941:
        x = 941
    elif c == 942:
        x = 942
    elif c == 943:
        x = 943
    elif c == 944:
        x = 944
    elif c == 945:
        x = 945
    elif c == 946:
        x = 946
    elif c == 947:
        x = 947
    elif c == 948:
        x = 948
    elif c == 949:
        x = 949
    elif c == 950:
        x = 950
    elif c == 951:
        x = 951
    elif c == 952:
        x = 952
    elif c == 953:
        x = 953
    elif c == 954:
        x = 954
    elif c == 955:
        x = 955
    elif c == 956:
        x = 956
    elif c == 957:
        x = 957
    elif c == 958:
        x = 958
    elif c == 959:
        x = 959
    elif c == 960:
        x = 960
    elif c == 961:
        x = 961
    elif c == 962:
        x = 962
    elif c == 963:
        x = 963
    elif c == 964:
        x = 964
    elif c == 965:
        x = 965
    elif c == 966:
        x = 966
    elif c == 967:
        x = 967
    elif c == 968:
        x = 968
    elif c == 969:
        x = 969
    elif c == 970:
        x = 970
    elif c == 971:
        x = 971
    elif c == 972:
        x = 972
    elif c == 973:
        x = 973
    elif c == 974:
        x = 974
    elif c == 975:
        x = 975
    elif c == 976:
        x = 976
    elif c == 977:
        x = 977
    elif c == 978:
        x = 978
    elif c == 979:
        x = 979
    elif c == 980:
        x = 980
    elif c == 981:
        x = 981
    elif c == 982:
        x = 982
    elif c == 983:
        x = 983
    elif c == 984:
        x = 984
    elif c == 985:
        x = 985
    elif c == 986:
        x = 986
    elif c == 987:
        x = 987
    elif c == 988:
        x = 988
    elif c == 989:
        x = 989
    elif c == 990:
        x = 990
    elif c == 991:
        x = 991
    elif c == 992:
        x = 992
    elif c == 993:
        x = 993
    elif c == 994:
        x = 994
    elif c == 995:
        x = 995
    elif c == 996:
        x = 996
    elif c == 997:
        x = 997
    elif c == 998:
        x = 998
    elif c == 999:
        x = 999
    elif c == 1000:
        x = 1000
    elif c == 1001:
        x = 1001
    elif c == 1002:
        x = 1002
    elif c == 1003:
        x = 1003
    elif c == 1004:
        x = 1004
    elif c == 1005:
        x = 1005
    elif c == 1006:
        x = 1006
    elif c == 1007:
        x = 1007
    elif c == 1008:
        x = 1008
    elif c == 1009:
        x = 1009
    elif c == 1010:
        x = 1010
    elif c == 1011:
        x = 1011
    elif c == 1012:
        x = 1012
    elif c == 1013:
        x = 1013
    elif c == 1014:
        x = 1014
    elif c == 1015:
        x = 1015
    elif c == 1016:
        x = 1016
    elif c == 1017:
        x = 1017
    elif c == 1018:
        x = 1018
    elif c == 1019:
        x = 1019
    elif c == 1020:
        x = 1020
    elif c == 1021:
        x = 1021
    elif c == 1022:
        x = 1022
    elif c == 1023:
        x = 1023
    elif c == 1024:
        x = 1024
    elif c == 1025:
        x = 1025
    elif c == 1026:
        x = 1026
    elif c == 1027:
        x = 1027
    elif c == 1028:
        x = 1028
    elif c == 1029:
        x = 1029
    elif c == 1030:
        x = 1030
    elif c == 1031:
        x = 1031
    elif c == 1032:
        x = 1032
    elif c == 1033:
        x = 1033
    elif c == 1034:
        x = 1034
    elif c == 1035:
        x = 1035
    elif c == 1036:
        x = 1036
    elif c == 1037:
        x = 1037
    elif c == 1038:
        x = 1038
    elif c == 1039:
        x = 1039
    elif c == 1040:
        x = 1040
    elif c == 1041:
        x = 1041
    elif c == 1042:
        x = 1042
    elif c == 1043:
        x = 1043
    elif c == 1044:
        x = 1044
    elif c == 1045:
        x = 1045
    elif c == 1046:
        x = 1046
    elif c == 1047:
        x = 1047
    elif c == 1048:
        x = 1048
    elif c == 1049:
        x = 1049
    elif c == 1050:
        x = 1050
    elif c == 1051:
        x = 1051
    elif c == 1052:
        x = 1052
    elif c == 1053:
        x = 1053
    elif c == 1054:
        x = 1054
    elif c == 1055:
        x = 1055
    elif c == 1056:
        x = 1056
    elif c == 1057:
        x = 1057
    elif c == 1058:
        x = 1058
    elif c == 1059:
        x = 1059
    elif c == 1060:
        x = 1060
    elif c == 1061:
        x = 1061
    elif c == 1062:
        x = 1062
    elif c == 1063:
        x = 1063
    elif c == 1064:
        x = 1064
    elif c == 1065:
        x = 1065
    elif c == 1066:
        x = 1066
    elif c == 1067:
        x = 1067
    elif c == 1068:
        x = 1068
    elif c == 1069:
        x = 1069
    elif c == 1070:
        x = 1070
    elif c == 1071:
        x = 1071
    elif c == 1072:
        x = 1072
    elif c == 1073:
        x = 1073
    elif c == 1074:
        x = 1074
    elif c == 1075:
        x = 1075
    elif c == 1076:
        x = 1076
    elif c == 1077:
        x = 1077
    elif c == 1078:
        x = 1078
    elif c == 1079:
        x = 1079
    elif c == 1080:
        x = 1080
    elif c == 1081:
        x = 1081
    elif c == 1082:
        x = 1082
    elif c == 1083:
        x = 1083
    elif c == 1084:
        x = 1084
    elif c == 1085:
        x = 1085
    elif c == 1086:
        x = 1086
    elif c == 1087:
        x = 1087
    elif c == 1088:
        x = 1088
    elif c == 1089:
        x = 1089
    elif c == 1090:
        x = 1090
    elif c == 1091:
        x = 1091
    elif c == 1092:
        x = 1092
    elif c == 1093:
        x = 1093
    elif c == 1094:
        x = 1094
    elif c == 1095:
        x = 1095
    elif c == 1096:
        x = 1096
    elif c == 1097:
        x = 1097
    elif c == 1098:
        x = 1098
    elif c == 1099:
        x = 1099
    elif c == 1100:
        x = 1100
    elif c == 1101:
        x = 1101
    elif c == 1102:
        x = 1102
    elif c == 1103:
        x = 1103
    elif c == 1104:
        x = 1104
    elif c == 1105:
        x = 1105
    elif c == 1106:
        x = 1106
    elif c == 1107:
        x = 1107
    elif c == 1108:
        x = 1108
    elif c == 1109:
        x = 1109
    elif c == 1110:
        x = 1110
    elif c == 1111:
        x = 1111
    elif c == 1112:
        x = 1112
    elif c == 1113:
        x = 1113
    elif c == 1114:
        x = 1114
    elif c == 1115:
        x = 1115
    elif c == 1116:
        x = 1116
    elif c == 1117:
        x = 1117
    elif c == 1118:
        x = 1118
    elif c == 1119:
        x = 1119
    elif c == 1120:
        x = 1120
    elif c == 1121:
        x = 1121
    elif c == 1122:
        x = 1122
    elif c == 1123:
        x = 1123
    elif c == 1124:
        x = 1124
    elif c == 1125:
        x = 1125
    elif c == 1126:
        x = 1126
    elif c == 1127:
        x = 1127
    elif c == 1128:
        x = 1128
    elif c == 1129:
        x = 1129
    elif c == 1130:
        x = 1130
    elif c == 1131:
        x = 1131
    elif c == 1132:
        x = 1132
    elif c == 1133:
        x = 1133
    elif c == 1134:
        x = 1134
    elif c == 1135:
        x = 1135
    elif c == 1136:
        x = 1136
    elif c == 1137:
        x = 1137
    elif c == 1138:
        x = 1138
    elif c == 1139:
        x = 1139
    elif c == 1140:
        x = 1140
    elif c == 1141:
        x = 1141
    elif c == 1142:
        x = 1142
    elif c == 1143:
        x = 1143
    elif c == 1144:
        x = 1144
    elif c == 1145:
        x = 1145
    elif c == 1146:
        x = 1146
    elif c == 1147:
        x = 1147
    elif c == 1148:
        x = 1148
    elif c == 1149:
        x = 1149
    elif c == 1150:
        x = 1150
    elif c == 1151:
        x = 1151
    elif c == 1152:
        x = 1152
    elif c == 1153:
        x = 1153
    elif c == 1154:
        x = 1154
    elif c == 1155:
        x = 1155
    elif c == 1156:
        x = 1156
    elif c == 1157:
        x = 1157
    elif c == 1158:
        x = 1158
    elif c == 1159:
        x = 1159
    elif c == 1160:
        x = 1160
    elif c == 1161:
        x = 1161
    elif c == 1162:
        x = 1162
    elif c == 1163:
        x = 1163
    elif c == 1164:
        x = 1164
    elif c == 1165:
        x = 1165
    elif c == 1166:
        x = 1166
    elif c == 1167:
        x = 1167
    elif c == 1168:
        x = 1168
    elif c == 1169:
        x = 1169
    elif c == 1170:
        x = 1170
    elif c == 1171:
        x = 1171
    elif c == 1172:
        x = 1172
    elif c == 1173:
        x = 1173
    elif c == 1174:
        x = 1174
    elif c == 1175:
        x = 1175
    elif c == 1176:
        x = 1176
    elif c == 1177:
        x = 1177
    elif c == 1178:
        x = 1178
    elif c == 1179:
        x = 1179
    elif c == 1180:
        x = 1180
    elif c == 1181:
        x = 1181
    elif c == 1182:
        x = 1182
    elif c == 1183:
        x = 1183
    elif c == 1184:
        x = 1184
    elif c == 1185:
        x = 1185
    elif c == 1186:
        x = 1186
    elif c == 1187:
        x = 1187
    elif c == 1188:
        x = 1188
    elif c == 1189:
        x = 1189
    elif c == 1190:
        x = 1190
    elif c == 1191:
        x = 1191
    elif c == 1192:
        x = 1192
    elif c == 1193:
        x = 1193
    elif c == 1194:
        x = 1194
    elif c == 1195:
        x = 1195
    elif c == 1196:
        x = 1196
    elif c == 1197:
        x = 1197
    elif c == 1198:
        x = 1198
    elif c == 1199:
        x = 1199
    elif c == 1200:
        x = 1200
    elif c == 1201:
        x = 1201
    elif c == 1202:
        x = 1202
    elif c == 1203:
        x = 1203
    elif c == 1204:
        x = 1204
    elif c == 1205:
        x = 1205
    elif c == 1206:
        x = 1206
    elif c == 1207:
        x = 1207
    elif c == 1208:
        x = 1208
    elif c == 1209:
        x = 1209
    elif c == 1210:
        x = 1210
    elif c == 1211:
        x = 1211
    elif c == 1212:
        x = 1212
    elif c == 1213:
        x = 1213
    elif c == 1214:
        x = 1214
    elif c == 1215:
        x = 1215
    elif c == 1216:
        x = 1216
    elif c == 1217:
        x = 1217
    elif c == 1218:
        x = 1218
    elif c == 1219:
        x = 1219
    elif c == 1220:
        x = 1220
    elif c == 1221:
        x = 1221
    elif c == 1222:
        x = 1222
    elif c == 1223:
        x = 1223
    elif c == 1224:
        x = 1224
    elif c == 1225:
        x = 1225
    elif c == 1226:
        x = 1226
    elif c == 1227:
        x = 1227
    elif c == 1228:
        x = 1228
    elif c == 1229:
        x = 1229
    elif c == 1230:
        x = 1230
    elif c == 1231:
        x = 1231
    elif c == 1232:
        x = 1232
    elif c == 1233:
        x = 1233
    elif c == 1234:
        x = 1234
    elif c == 1235:
        x = 1235
    elif c == 1236:
        x = 1236
    elif c == 1237:
        x = 1237
    elif c == 1238:
        x = 1238
    elif c == 1239:
        x = 1239
    elif c == 1240:
        x = 1240
    elif c == 1241:
        x = 1241
    elif c == 1242:
        x = 1242
    elif c == 1243:
        x = 1243
    elif c == 1244:
        x = 1244
    elif c == 1245:
        x = 1245
    elif c == 1246:
        x = 1246
    elif c == 1247:
        x = 1247
    elif c == 1248:
        x = 1248
    elif c == 1249:
        x = 1249
    elif c == 1250:
        x = 1250
    elif c == 1251:
        x = 1251
    elif c == 1252:
        x = 1252
    elif c == 1253:
        x = 1253
    elif c == 1254:
        x = 1254
    elif c == 1255:
        x = 1255
    elif c == 1256:
        x = 1256
    elif c == 1257:
        x = 1257
    elif c == 1258:
        x = 1258
    elif c == 1259:
        x = 1259
    elif c == 1260:
        x = 1260
    elif c == 1261:
        x = 1261
    elif c == 1262:
        x = 1262
    elif c == 1263:
        x = 1263
    elif c == 1264:
        x = 1264
    elif c == 1265:
        x = 1265
    elif c == 1266:
        x = 1266
    elif c == 1267:
        x = 1267
    elif c == 1268:
        x = 1268
    elif c == 1269:
        x = 1269
    elif c == 1270:
        x = 1270
    elif c == 1271:
        x = 1271
    elif c == 1272:
        x = 1272
    elif c == 1273:
        x = 1273
    elif c == 1274:
        x = 1274
    elif c == 1275:
        x = 1275
    elif c == 1276:
        x = 1276
    elif c == 1277:
        x = 1277
    elif c == 1278:
        x = 1278
    elif c == 1279:
        x = 1279
    elif c == 1280:
        x = 1280
    elif c == 1281:
        x = 1281
    elif c == 1282:
        x = 1282
    elif c == 1283:
        x = 1283
    elif c == 1284:
        x = 1284
    elif c == 1285:
        x = 1285
    elif c == 1286:
        x = 1286
    elif c == 1287:
        x = 1287
    elif c == 1288:
        x = 1288
    elif c == 1289:
        x = 1289
    elif c == 1290:
        x = 1290
    elif c == 1291:
        x = 1291
    elif c == 1292:
        x = 1292
    elif c == 1293:
        x = 1293
    elif c == 1294:
        x = 1294
    elif c == 1295:
        x = 1295
    elif c == 1296:
        x = 1296
    elif c == 1297:
        x = 1297
    elif c == 1298:
        x = 1298
    elif c == 1299:
        x = 1299
    elif c == 1300:
        x = 1300
    elif c == 1301:
        x = 1301
    elif c == 1302:
        x = 1302
    elif c == 1303:
        x = 1303
    elif c == 1304:
        x = 1304
    elif c == 1305:
        x = 1305
    elif c == 1306:
        x = 1306
    elif c == 1307:
        x = 1307
    elif c == 1308:
        x = 1308
    elif c == 1309:
        x = 1309
    elif c == 1310:
        x = 1310
    elif c == 1311:
        x = 1311
    elif c == 1312:
        x = 1312
    elif c == 1313:
        x = 1313
    elif c == 1314:
        x = 1314
    elif c == 1315:
        x = 1315
    elif c == 1316:
        x = 1316
    elif c == 1317:
        x = 1317
    elif c == 1318:
        x = 1318
    elif c == 1319:
        x = 1319
    elif c == 1320:
        x = 1320
    elif c == 1321:
        x = 1321
    elif c == 1322:
        x = 1322
    elif c == 1323:
        x = 1323
    elif c == 1324:
        x = 1324
    elif c == 1325:
        x = 1325
    elif c == 1326:
        x = 1326
    elif c == 1327:
        x = 1327
    elif c == 1328:
        x = 1328
    elif c == 1329:
        x = 1329
    elif c == 1330:
        x = 1330
    elif c == 1331:
        x = 1331
    elif c == 1332:
        x = 1332
    elif c == 1333:
        x = 1333
    elif c == 1334:
        x = 1334
    elif c == 1335:
        x = 1335
    elif c == 1336:
        x = 1336
    elif c == 1337:
        x = 1337
    elif c == 1338:
        x = 1338
    elif c == 1339:
        x = 1339
    elif c == 1340:
        x = 1340
    elif c == 1341:
        x = 1341
    elif c == 1342:
        x = 1342
    elif c == 1343:
        x = 1343
    elif c == 1344:
        x = 1344
    elif c == 1345:
        x = 1345
    elif c == 1346:
        x = 1346
    elif c == 1347:
        x = 1347
    elif c == 1348:
        x = 1348
    elif c == 1349:
        x = 1349
    elif c == 1350:
        x = 1350
    elif c == 1351:
        x = 1351
    elif c == 1352:
        x = 1352
    elif c == 1353:
        x = 1353
    elif c == 1354:
        x = 1354
    elif c == 1355:
        x = 1355
    elif c == 1356:
        x = 1356
    elif c == 1357:
        x = 1357
    elif c == 1358:
        x = 1358
    elif c == 1359:
        x = 1359
    elif c == 1360:
        x = 1360
    elif c == 1361:
        x = 1361
    elif c == 1362:
        x = 1362
    elif c == 1363:
        x = 1363
    elif c == 1364:
        x = 1364
    elif c == 1365:
        x = 1365
    elif c == 1366:
        x = 1366
    elif c == 1367:
        x = 1367
    elif c == 1368:
        x = 1368
    elif c == 1369:
        x = 1369
    elif c == 1370:
        x = 1370
    elif c == 1371:
        x = 1371
    elif c == 1372:
        x = 1372
    elif c == 1373:
        x = 1373
    elif c == 1374:
        x = 1374
    elif c == 1375:
        x = 1375
    elif c == 1376:
        x = 1376
    elif c == 1377:
        x = 1377
    elif c == 1378:
        x = 1378
    elif c == 1379:
        x = 1379
    elif c == 1380:
        x = 1380
    elif c == 1381:
        x = 1381
    elif c == 1382:
        x = 1382
    elif c == 1383:
        x = 1383
    elif c == 1384:
        x = 1384
    elif c == 1385:
        x = 1385
    elif c == 1386:
        x = 1386
    elif c == 1387:
        x = 1387
    elif c == 1388:
        x = 1388
    elif c == 1389:
        x = 1389
    elif c == 1390:
        x = 1390
    elif c == 1391:
        x = 1391
    elif c == 1392:
        x = 1392
    elif c == 1393:
        x = 1393
    elif c == 1394:
        x = 1394
    elif c == 1395:
        x = 1395
    elif c == 1396:
        x = 1396
    elif c == 1397:
        x = 1397
    elif c == 1398:
        x = 1398
    elif c == 1399:
        x = 1399
    elif c == 1400:
        x = 1400
    elif c == 1401:
        x = 1401
    elif c == 1402:
        x = 1402
    elif c == 1403:
        x = 1403
    elif c == 1404:
        x = 1404
    elif c == 1405:
        x = 1405
    elif c == 1406:
        x = 1406
    elif c == 1407:
        x = 1407
    elif c == 1408:
        x = 1408
    elif c == 1409:
        x = 1409
    elif c == 1410:
        x = 1410
    elif c == 1411:
        x = 1411
    elif c == 1412:
        x = 1412
    elif c == 1413:
        x = 1413
    elif c == 1414:
        x = 1414
    elif c == 1415:
        x = 1415
    elif c == 1416:
        x = 1416
    elif c == 1417:
        x = 1417
    elif c == 1418:
        x = 1418
    elif c == 1419:
        x = 1419
    elif c == 1420:
        x = 1420
    elif c == 1421:
        x = 1421
    elif c == 1422:
        x = 1422
    elif c == 1423:
        x = 1423
    elif c == 1424:
        x = 1424
    elif c == 1425:
        x = 1425
    elif c == 1426:
        x = 1426
    elif c == 1427:
        x = 1427
    elif c == 1428:
        x = 1428
    elif c == 1429:
        x = 1429
    elif c == 1430:
        x = 1430
    elif c == 1431:
        x = 1431
    elif c == 1432:
        x = 1432
    elif c == 1433:
        x = 1433
    elif c == 1434:
        x = 1434
    elif c == 1435:
        x = 1435
    elif c == 1436:
        x = 1436
    elif c == 1437:
        x = 1437
    elif c == 1438:
        x = 1438
    elif c == 1439:
        x = 1439
    elif c == 1440:
        x = 1440
    elif c == 1441:
        x = 1441
    elif c == 1442:
        x = 1442
    elif c == 1443:
        x = 1443
    elif c == 1444:
        x = 1444
    elif c == 1445:
        x = 1445
    elif c == 1446:
        x = 1446
    elif c == 1447:
        x = 1447
    elif c == 1448:
        x = 1448
    elif c == 1449:
        x = 1449
    elif c == 1450:
        x = 1450
    elif c == 1451:
        x = 1451
    elif c == 1452:
        x = 1452
    elif c == 1453:
        x = 1453
    elif c == 1454:
        x = 1454
    elif c == 1455:
        x = 1455
    elif c == 1456:
        x = 1456
    elif c == 1457:
        x = 1457
    elif c == 1458:
        x = 1458
    elif c == 1459:
        x = 1459
    elif c == 1460:
        x = 1460
    elif c == 1461:
        x = 1461
    elif c == 1462:
        x = 1462
    elif c == 1463:
        x = 1463
    elif c == 1464:
        x = 1464
    elif c == 1465:
        x = 1465
    elif c == 1466:
        x = 1466
    elif c == 1467:
        x = 1467
    elif c == 1468:
        x = 1468
    elif c == 1469:
        x = 1469
    elif c == 1470:
        x = 1470
    elif c == 1471:
        x = 1471
    elif c == 1472:
        x = 1472
    elif c == 1473:
        x = 1473
    elif c == 1474:
        x = 1474
    elif c == 1475:
        x = 1475
    elif c == 1476:
        x = 1476
    elif c == 1477:
        x = 1477
    elif c == 1478:
        x = 1478
    elif c == 1479:
        x = 1479
    elif c == 1480:
        x = 1480
    elif c == 1481:
        x = 1481
    elif c == 1482:
        x = 1482
    elif c == 1483:
        x = 1483
    elif c == 1484:
        x = 1484
    elif c == 1485:
        x = 1485
    elif c == 1486:
        x = 1486
    elif c == 1487:
        x = 1487
    elif c == 1488:
        x = 1488
    elif c == 1489:
        x = 1489
    elif c == 1490:
        x = 1490
    elif c == 1491:
        x = 1491
    elif c == 1492:
        x = 1492
    elif c == 1493:
        x = 1493
    elif c == 1494:
        x = 1494
    elif c == 1495:
        x = 1495
    elif c == 1496:
        x = 1496
    elif c == 1497:
        x = 1497
    elif c == 1498:
        x = 1498
    elif c == 1499:
        x = 1499
    return x
