import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { UsefulnessApiRoutes, type UsefulnessCommentsResponse, type UsefulnessOverviewResponse } from '@outils/contracts';
import { Authenticated } from '../../common/auth/auth.decorators';
import { UsefulnessCommentsQueryDto, UsefulnessVisibilityDto } from './dto/usefulness.dto';
import { UsefulnessAdminService } from './usefulness-admin.service';

@ApiTags('admin')
@Controller()
export class UsefulnessAdminController {
  constructor(private readonly admin: UsefulnessAdminService) {}

  @Get(UsefulnessApiRoutes.adminOverview)
  @Authenticated({ admin: true })
  overview(): Promise<UsefulnessOverviewResponse> {
    return this.admin.overview();
  }

  @Get(UsefulnessApiRoutes.adminComments)
  @Authenticated({ admin: true })
  comments(@Query() query: UsefulnessCommentsQueryDto): Promise<UsefulnessCommentsResponse> {
    return this.admin.comments(query);
  }

  @Post(UsefulnessApiRoutes.adminCommentVisibility)
  @HttpCode(200)
  @Authenticated({ admin: true })
  setHidden(@Body() body: UsefulnessVisibilityDto): Promise<{ message: string }> {
    return this.admin.setHidden(body);
  }
}
